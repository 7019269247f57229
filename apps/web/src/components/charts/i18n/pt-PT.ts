import type { Messages } from '@/lib/i18n/messages';
import type { charts as en } from './en';

/** The chart component's European Portuguese messages: the same keys as en.ts. */
export const charts: Messages<typeof en> = {
  chart: {
    loading: 'A carregar o gráfico',
    showTable: 'Ver como tabela',
  },
  units: {
    percent: '{{value}}%',
    megabytes: '{{value}} MB',
    gigabytes: '{{value}} GB',
  },
  metric: {
    ranges: {
      '1h': 'última hora',
      '6h': 'últimas 6 horas',
      '24h': 'últimas 24 horas',
      '7d': 'últimos 7 dias',
      '30d': 'últimos 30 dias',
    },
    heading: '{{title}}, {{range}}',
    summary: '{{title}}, {{range}}: {{series}}',
    summaryWithThreshold: '{{title}}, {{range}}: {{series}}; limiar de alerta {{threshold}}',
    noSamples: '{{title}}, {{range}}: sem amostras',
    series: 'mín. {{min}}, média {{average}}, máx. {{max}}, último {{latest}} em {{time}}',
    namedSeries: '{{name}}: mín. {{min}}, média {{average}}, máx. {{max}}, último {{latest}} em {{time}}',
    threshold: 'Alerta {{value}}',
    empty: 'Ainda sem amostras',
    time: 'Data e hora',
    weekTick: '{{day}} {{time}}',
  },
  usage: {
    title: 'Pedidos por dia',
    parts: {
      allowed: 'Permitidos',
      rateLimited: 'Acima do limite',
      rejected: 'Rejeitados',
    },
    heading: '{{title}}, {{range}}',
    summary_one:
      '{{title}}, {{range}}: {{total}} no total (permitidos: {{allowed}}, acima do limite: {{rateLimited}}, rejeitados: {{rejected}}); dia com mais pedidos {{day}}, com {{busiest}} pedido',
    summary_other:
      '{{title}}, {{range}}: {{total}} no total (permitidos: {{allowed}}, acima do limite: {{rateLimited}}, rejeitados: {{rejected}}); dia com mais pedidos {{day}}, com {{busiest}} pedidos',
    noRequests: '{{title}}, {{range}}: sem pedidos',
    day: 'Dia',
    table: 'Números diários',
  },
};
