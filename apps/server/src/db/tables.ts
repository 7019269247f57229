// Every table, for Drizzle's relational queries. Each table lives in its own file in ./schema.
import { meta } from './schema/meta.js';

export const tables = { meta };
