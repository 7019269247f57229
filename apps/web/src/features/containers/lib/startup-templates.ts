/**
 * Spec: startup-script templates nginx, docker, nodejs, python, devTools, database (install
 * scripts). They run as root on a fresh Ubuntu 24.04 container, so they stop at the first
 * failure and never wait for input.
 */
export const startupTemplateIds = ['nginx', 'docker', 'nodejs', 'python', 'devTools', 'database'] as const;
export type StartupTemplateId = (typeof startupTemplateIds)[number];

export interface StartupTemplate {
  id: StartupTemplateId;
  script: string;
}

const preamble = `#!/usr/bin/env bash
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
`;

function script(body: string): string {
  return `${preamble}${body.trim()}\n`;
}

export const startupTemplates: StartupTemplate[] = [
  {
    id: 'nginx',
    script: script(`
apt-get update
apt-get install -y nginx
systemctl enable --now nginx
echo "nginx $(nginx -v 2>&1 | cut -d/ -f2) is serving on port 80"
`),
  },
  {
    id: 'docker',
    script: script(`
apt-get update
apt-get install -y ca-certificates curl
install -m 0755 -d /etc/apt/keyrings
curl -fsSL https://download.docker.com/linux/ubuntu/gpg -o /etc/apt/keyrings/docker.asc
chmod a+r /etc/apt/keyrings/docker.asc
. /etc/os-release
echo "deb [arch=$(dpkg --print-architecture) signed-by=/etc/apt/keyrings/docker.asc] https://download.docker.com/linux/ubuntu \${VERSION_CODENAME} stable" \\
  > /etc/apt/sources.list.d/docker.list
apt-get update
apt-get install -y docker-ce docker-ce-cli containerd.io docker-buildx-plugin docker-compose-plugin
systemctl enable --now docker
docker --version
`),
  },
  {
    id: 'nodejs',
    script: script(`
apt-get update
apt-get install -y ca-certificates curl gnupg build-essential
install -m 0755 -d /etc/apt/keyrings
curl -fsSL https://deb.nodesource.com/gpgkey/nodesource-repo.gpg.key \\
  | gpg --dearmor --yes -o /etc/apt/keyrings/nodesource.gpg
echo "deb [signed-by=/etc/apt/keyrings/nodesource.gpg] https://deb.nodesource.com/node_22.x nodistro main" \\
  > /etc/apt/sources.list.d/nodesource.list
apt-get update
apt-get install -y nodejs
npm install -g pm2
node --version
npm --version
`),
  },
  {
    id: 'python',
    script: script(`
apt-get update
apt-get install -y python3 python3-venv python3-pip python3-dev build-essential
# Ubuntu 24.04 forbids pip installs into the system Python (PEP 668): use a virtual environment.
python3 -m venv /opt/venv
/opt/venv/bin/pip install --upgrade pip wheel
echo 'export PATH="/opt/venv/bin:$PATH"' > /etc/profile.d/venv.sh
/opt/venv/bin/python --version
`),
  },
  {
    id: 'devTools',
    script: script(`
apt-get update
apt-get install -y build-essential git curl wget vim nano htop tmux jq unzip zip tree ripgrep fd-find \\
  net-tools dnsutils make
# Ubuntu names fd "fdfind"; give it its usual name.
ln -sf "$(command -v fdfind)" /usr/local/bin/fd
git --version
`),
  },
  {
    id: 'database',
    script: script(`
apt-get update
apt-get install -y postgresql postgresql-contrib
systemctl enable --now postgresql
# An "app" role and database owned by it; the role logs in locally through peer authentication.
id -u app >/dev/null 2>&1 || useradd --create-home --shell /bin/bash app
runuser -u postgres -- psql -v ON_ERROR_STOP=1 -tc "SELECT 1 FROM pg_roles WHERE rolname = 'app'" | grep -q 1 \\
  || runuser -u postgres -- createuser app
runuser -u postgres -- psql -v ON_ERROR_STOP=1 -tc "SELECT 1 FROM pg_database WHERE datname = 'app'" | grep -q 1 \\
  || runuser -u postgres -- createdb --owner=app app
runuser -u postgres -- psql --version
`),
  },
];

export function findStartupTemplate(id: string): StartupTemplate | undefined {
  return startupTemplates.find((t) => t.id === id);
}
