import type { EcosystemAppConfig } from './ecosystem.config.js';

/**
 * The nine integrated applications, as shipped. An operator replaces them with ECOSYSTEM_FILE
 * (same shape, JSON: { "apps": [ … ] }). `url` of the platform itself is the portal's address.
 */
export function defaultEcosystemApps(portalUrl: string): EcosystemAppConfig[] {
  return [
    {
      id: 'projects',
      name: 'Nuvem Projects',
      description: 'Project management: boards, milestones and time tracking.',
      translations: { 'pt-PT': { description: 'Gestão de projetos: quadros, marcos e registo de horas.' } },
      icon: 'folder-kanban',
      color: '#6366f1',
      url: 'https://projects.nuvem.cloud',
      status: 'active',
    },
    {
      id: 'events',
      name: 'Nuvem Events',
      description: 'Event management: ticketing, check-in and attendee journeys.',
      translations: {
        'pt-PT': { description: 'Gestão de eventos: bilhética, check-in e percurso dos participantes.' },
      },
      icon: 'calendar-days',
      color: '#ec4899',
      url: 'https://events.nuvem.cloud',
      status: 'active',
    },
    {
      id: 'collab',
      name: 'Nuvem Collab',
      description: 'Collaboration: shared documents, wikis and whiteboards.',
      translations: { 'pt-PT': { description: 'Colaboração: documentos partilhados, wikis e quadros brancos.' } },
      icon: 'users',
      color: '#14b8a6',
      url: 'https://collab.nuvem.cloud',
      status: 'active',
    },
    {
      id: 'crm',
      name: 'Nuvem CRM',
      description: 'Customer relationships: pipeline, deals and contacts.',
      translations: { 'pt-PT': { description: 'Relação com clientes: funil, negócios e contactos.' } },
      icon: 'contact',
      color: '#f59e0b',
      url: 'https://crm.nuvem.cloud',
      status: 'active',
    },
    {
      id: 'erp',
      name: 'Nuvem ERP',
      description: 'Finance, inventory and purchasing in one ledger.',
      translations: { 'pt-PT': { description: 'Finanças, inventário e compras num só livro.' } },
      icon: 'building-2',
      color: '#84cc16',
      url: 'https://erp.nuvem.cloud',
      status: 'active',
    },
    {
      id: 'chat',
      name: 'Nuvem Chat',
      description: 'Team chat with channels, threads and calls.',
      translations: { 'pt-PT': { description: 'Conversas de equipa com canais, tópicos e chamadas.' } },
      icon: 'message-circle',
      color: '#22c55e',
      url: 'https://chat.nuvem.cloud',
      status: 'active',
    },
    {
      id: 'mail',
      name: 'Nuvem Mail',
      description: 'Mail server: domains, mailboxes and spam protection.',
      translations: {
        'pt-PT': { description: 'Servidor de correio: domínios, caixas de correio e proteção contra spam.' },
      },
      icon: 'mail',
      color: '#0ea5e9',
      url: 'https://mail.nuvem.cloud',
      status: 'active',
    },
    {
      id: 'marketing',
      name: 'Nuvem Campaigns',
      description: 'E-mail marketing: audiences, campaigns and analytics.',
      translations: { 'pt-PT': { description: 'Marketing por e-mail: audiências, campanhas e análises.' } },
      icon: 'megaphone',
      color: '#f97316',
      url: 'https://campaigns.nuvem.cloud',
      status: 'active',
    },
    {
      id: 'platform',
      name: 'Nuvem Cloud',
      description: 'The platform: containers, developer keys and billing.',
      translations: { 'pt-PT': { description: 'A plataforma: contentores, chaves de API e faturação.' } },
      icon: 'cloud',
      color: '#38bdf8',
      url: portalUrl,
      status: 'active',
    },
  ];
}
