import type { AuditAction } from '@nuvem/contracts/orgs';
import { orgPath, orgsUrl } from './org-settings-request';

/** The audit log's filters as the form holds them: days as the date inputs give them ('2026-03-05'). */
export interface AuditFilters {
  action: AuditAction | '';
  /** An e-mail address (or part of one) of the person who acted. */
  actor: string;
  from: string;
  to: string;
}

export const noAuditFilters: AuditFilters = { action: '', actor: '', from: '', to: '' };

function localDay(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const value = new Date(year, month - 1, date);
  // 2026-02-31 rolls over to March: not a day.
  return value.getFullYear() === year && value.getMonth() === month - 1 && value.getDate() === date ? value : null;
}

/** The first instant of a day in the viewer's own zone, as the API's ISO date-time; null for no day. */
export function dayStart(day: string): string | null {
  return localDay(day)?.toISOString() ?? null;
}

/** The first instant after a day (the API's `to` is exclusive): 'to' a day includes that whole day. */
export function dayEnd(day: string): string | null {
  const start = localDay(day);
  return start ? new Date(start.getFullYear(), start.getMonth(), start.getDate() + 1).toISOString() : null;
}

/** False when both days are given and the range ends before it starts (the form says so, nothing is asked). */
export function auditRangeValid(filters: AuditFilters): boolean {
  const from = dayStart(filters.from);
  const to = dayEnd(filters.to);
  return !from || !to || new Date(from) < new Date(to);
}

/** Whether any filter is set (an empty result then reads 'no entry matches', not 'nothing recorded'). */
export function hasAuditFilters(filters: AuditFilters): boolean {
  return Boolean(filters.action || filters.actor.trim() || dayStart(filters.from) || dayEnd(filters.to));
}

export interface AuditPage {
  /** The `next_before` cursor of the page before (Load more). */
  before?: string | null;
  limit?: number;
  format?: 'json' | 'csv';
}

/**
 * The query of `GET /api/orgs/:id/audit` for these filters and page: only what is set, the days
 * as the instants they start and end in the viewer's zone (`to` exclusive), the actor trimmed.
 */
export function auditSearchParams(filters: AuditFilters, page: AuditPage = {}): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.action) params.set('action', filters.action);
  const actor = filters.actor.trim();
  if (actor) params.set('actor', actor);
  const from = dayStart(filters.from);
  if (from) params.set('from', from);
  const to = dayEnd(filters.to);
  if (to) params.set('to', to);
  if (page.before) params.set('before', page.before);
  if (page.limit !== undefined) params.set('limit', String(page.limit));
  if (page.format === 'csv') params.set('format', 'csv');
  return params;
}

/** '/orgs/wsp_1/audit?action=…': the API path of one page. */
export function auditPath(organisationId: string, filters: AuditFilters, page: AuditPage = {}): string {
  const query = auditSearchParams(filters, page).toString();
  return `${orgPath(organisationId, 'audit')}${query ? `?${query}` : ''}`;
}

/**
 * The CSV download of every entry these filters match. The browser follows it itself, with the
 * session cookie (a bearer token alone cannot ride on a link).
 */
export function auditCsvUrl(organisationId: string, filters: AuditFilters): string {
  return orgsUrl(auditPath(organisationId, filters, { format: 'csv' }));
}
