/**
 * The workflows feature's English messages (namespace 'workflows'): the MLM Dashboard (dock slot
 * 6). The spec's texts are here word for word (`workflows-catalogue.test.ts` checks the security
 * layer's against the contracts' `aiSecurityMessages`).
 */
export const workflows = {
  dashboard: {
    title: 'MLM Dashboard',
    tagline: 'AI Agents & Flow Orchestration',
    loading: 'Loading MLM Dashboard...',
    loadFailed: 'Failed to Load MLM Dashboard',
    unknownError: 'Unknown error occurred',
    backendHint: 'Please ensure MLM backend is running on port 3030',
    tabList: 'Dashboard sections',
    tabs: {
      security: 'Security',
    },
  },
  owasp: {
    badge: 'OWASP Compliant',
    title: 'What the badge rests on',
    intro:
      'The AI security layer checks every workflow text against these risks of the OWASP Top 10 for LLM Applications (2025):',
    risks: {
      llm01: {
        name: 'LLM01 Prompt injection',
        how: 'instruction overrides, jailbreaks, fake roles and encoded payloads are blocked before a flow is created or run.',
      },
      llm02: {
        name: 'LLM02 Sensitive information disclosure',
        how: 'secrets in prompts are blocked; secrets and personal data in agent outputs are redacted.',
      },
      llm05: {
        name: 'LLM05 Improper output handling',
        how: 'outputs are scanned before they are shown or passed on, and shown as text, never as HTML.',
      },
      llm07: {
        name: 'LLM07 System prompt leakage',
        how: 'attempts to extract the system prompt or its secrets are blocked.',
      },
    },
    failClosed: 'When the layer cannot answer, the request is blocked.',
  },
  units: {
    kilobytes: '{{value}} KB',
  },
  check: {
    title: 'Check a prompt',
    description: 'See what the AI security layer finds in a text before you use it in a flow.',
    label: 'Prompt',
    placeholder: 'Paste or type a prompt…',
    size: '{{size}} of {{limit}}',
    tooLarge: 'Prompts are limited to {{limit}}: shorten this one.',
    submit: 'Check prompt',
    checking: 'Checking…',
    result: 'Result',
    safe: 'Safe',
    safeText: 'Nothing in this prompt is blocked.',
    reported_one: '{{count}} finding is reported, not blocked:',
    reported_other: '{{count}} findings are reported, not blocked:',
    /** Spec 2, section 8 (aiSecurityMessages.blocked). */
    blocked: 'Prompt blocked by AI Security Layer',
    threatLevel: 'Threat level: {{level}}',
    findings: 'Findings',
    severity: 'Severity: {{severity}}',
    decodedFrom: 'Found after decoding {{encoding}}',
    field: 'In {{field}}',
    evidence: 'Where it is',
    noEvidence: 'No single place in the text: the prompt as a whole.',
    marked: 'The prompt as checked, findings marked',
    markStart: 'finding {{numbers}}:',
    markEnd: 'end of finding',
    /** Spec 2, section 8 (aiSecurityMessages.offline). */
    offline: 'AI Security Layer unavailable - request blocked for safety',
    failed: 'The prompt could not be checked: {{reason}}',
  },
  records: {
    title: 'Recent records',
    description: 'Your blocked requests and flagged agent outputs of the last {{days}} days, newest first.',
    list: 'Recent records',
    empty: 'Nothing blocked or flagged in the last {{days}} days.',
    shown: 'The newest {{shown}} of {{total}}.',
    total_one: '{{n}} record in {{days}} days',
    total_other: '{{n}} records in {{days}} days',
    source: 'Source',
    types: 'Types',
    excerpt: 'Excerpt',
    hash: 'SHA-256',
    hashTitle: 'SHA-256 of the text: {{hash}}',
  },
  chart: {
    title: 'Blocked and flagged per day',
    range: 'last {{days}} days',
    heading: '{{title}}, {{range}}',
    summary:
      '{{title}}, {{range}}: {{blocked}} blocked and {{flagged}} flagged in all; busiest day {{day}} with {{busiest}}',
    none: '{{title}}, {{range}}: nothing blocked or flagged',
    day: 'Day',
    table: 'Daily numbers',
  },
  byType: {
    title: 'By type',
    list: 'Records by type',
    empty: 'No types to count yet.',
  },
  names: {
    types: {
      instruction_override: 'Instruction override',
      jailbreak_roleplay: 'Jailbreak by role-play',
      system_prompt_extraction: 'System prompt extraction',
      delimiter_injection: 'Fake roles or delimiters',
      data_exfiltration: 'Data exfiltration',
      secret: 'Secret (key, token or password)',
      personal_data: 'Personal data',
      prompt_injection_classifier: 'Likely prompt injection (classifier)',
      security_layer_offline: 'Security layer offline',
    },
    levels: {
      none: 'None',
      low: 'Low',
      medium: 'Medium',
      high: 'High',
      critical: 'Critical',
    },
    sources: {
      validatePrompt: 'Prompt check',
      flowCreate: 'Flow creation',
      flowExecute: 'Flow run',
      chatMessage: 'Assistant message',
      agentOutput: 'Agent output',
    },
    outcomes: {
      blocked: 'Blocked',
      offline: 'Blocked: layer offline',
      flagged: 'Flagged',
    },
    encodings: {
      base64: 'Base64',
      hex: 'hexadecimal',
      rot13: 'ROT13',
      url: 'URL encoding',
    },
  },
} as const;
