// A narrow type for the bundled TopoJSON: TypeScript would otherwise infer a huge literal type
// from the JSON file that `topojson-client` cannot accept.
declare module 'world-atlas/countries-110m.json' {
  import type { GeometryCollection, Topology } from 'topojson-specification';

  const topology: Topology<{
    countries: GeometryCollection<{ name: string }>;
    land: GeometryCollection;
  }>;
  export default topology;
}
