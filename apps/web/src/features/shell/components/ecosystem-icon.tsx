import {
  AppWindowIcon,
  BarChart3Icon,
  BotIcon,
  BriefcaseIcon,
  Building2Icon,
  CalendarDaysIcon,
  CalendarIcon,
  CloudIcon,
  ContactIcon,
  FactoryIcon,
  FolderKanbanIcon,
  HandshakeIcon,
  LayoutDashboardIcon,
  type LucideIcon,
  MailIcon,
  MegaphoneIcon,
  MessageCircleIcon,
  MessagesSquareIcon,
  SendIcon,
  ServerIcon,
  ShoppingCartIcon,
  UsersIcon,
} from 'lucide-react';

/**
 * The lucide icons an ecosystem entry may name. A fixed map rather than `DynamicIcon`: that one
 * ships a chunk per icon (over a thousand files) and paints late; an unknown name gets a generic
 * window icon.
 */
const icons: Record<string, LucideIcon> = {
  'app-window': AppWindowIcon,
  'bar-chart-3': BarChart3Icon,
  'chart-bar': BarChart3Icon,
  bot: BotIcon,
  briefcase: BriefcaseIcon,
  'building-2': Building2Icon,
  building: Building2Icon,
  calendar: CalendarIcon,
  'calendar-days': CalendarDaysIcon,
  cloud: CloudIcon,
  contact: ContactIcon,
  factory: FactoryIcon,
  'folder-kanban': FolderKanbanIcon,
  handshake: HandshakeIcon,
  'layout-dashboard': LayoutDashboardIcon,
  mail: MailIcon,
  megaphone: MegaphoneIcon,
  'message-circle': MessageCircleIcon,
  'messages-square': MessagesSquareIcon,
  send: SendIcon,
  server: ServerIcon,
  'shopping-cart': ShoppingCartIcon,
  users: UsersIcon,
};

export function EcosystemIcon({ name, className, color }: { name: string; className?: string; color?: string }) {
  const Icon = icons[name] ?? AppWindowIcon;
  return <Icon aria-hidden="true" className={className} style={color ? { color } : undefined} />;
}
