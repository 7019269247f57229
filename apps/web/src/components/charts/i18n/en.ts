/** The chart component's English messages (namespace 'charts'). */
export const charts = {
  /** The shared chart's own words. */
  chart: {
    loading: 'Loading chart',
    showTable: 'Show as table',
  },
  /** A figure with its unit: numbers come from the formatting module, the unit's place from here. */
  units: {
    percent: '{{value}}%',
    megabytes: '{{value}} MB',
    gigabytes: '{{value}} GB',
  },
  /** A container's metrics over a range (containers' Metrics tab). */
  metric: {
    ranges: {
      '1h': 'last hour',
      '6h': 'last 6 hours',
      '24h': 'last 24 hours',
      '7d': 'last 7 days',
      '30d': 'last 30 days',
    },
    heading: '{{title}}, {{range}}',
    summary: '{{title}}, {{range}}: {{series}}',
    summaryWithThreshold: '{{title}}, {{range}}: {{series}}; alert threshold {{threshold}}',
    noSamples: '{{title}}, {{range}}: no samples',
    series: 'min {{min}}, average {{average}}, max {{max}}, latest {{latest}} at {{time}}',
    namedSeries: '{{name}} min {{min}}, average {{average}}, max {{max}}, latest {{latest}} at {{time}}',
    threshold: 'Alert {{value}}',
    empty: 'No samples yet',
    time: 'Time',
    weekTick: '{{day}} {{time}}',
  },
  /** An API key's requests per day (applications' Analytics tab). */
  usage: {
    title: 'Requests per day',
    parts: {
      allowed: 'Allowed',
      rateLimited: 'Rate limited',
      rejected: 'Rejected',
    },
    heading: '{{title}}, {{range}}',
    summary_one:
      '{{title}}, {{range}}: {{total}} in all ({{allowed}} allowed, {{rateLimited}} rate limited, {{rejected}} rejected); busiest day {{day}} with {{busiest}} request',
    summary_other:
      '{{title}}, {{range}}: {{total}} in all ({{allowed}} allowed, {{rateLimited}} rate limited, {{rejected}} rejected); busiest day {{day}} with {{busiest}} requests',
    noRequests: '{{title}}, {{range}}: no requests',
    day: 'Day',
    table: 'Daily numbers',
  },
} as const;
