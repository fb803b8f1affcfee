/** One advisory of `npm audit --json` (auditReportVersion 2): a `via` entry that is an object. */
interface AuditAdvisory {
  source?: number;
  name: string;
  title?: string;
  url?: string;
  severity: string;
  range?: string;
}

/** The parts of `npm audit --json` we read; an error answer has `error` or `message` instead. */
export interface AuditReport {
  auditReportVersion?: number;
  vulnerabilities?: Record<string, { via?: Array<string | AuditAdvisory> }>;
  error?: { code?: string; summary?: string; detail?: string };
  message?: string;
  statusCode?: number;
}

/** tools/audit-allowlist.json: advisories accepted for a while, each with why and until when. */
export interface AllowlistEntry {
  /** The GitHub advisory id (GHSA-…) or its URL, as `npm audit` reports it. */
  advisory: string;
  package: string;
  reason: string;
  /** YYYY-MM-DD; the entry stops counting after this day. */
  expires: string;
}

export type AuditOutcome =
  { kind: 'checked'; problems: string[]; notes: string[] } | { kind: 'unavailable'; why: string };

const BLOCKING = new Set(['high', 'critical']);
const ghsa = (text: string) => /GHSA(-[23456789cfghjmpqrvwx]{4}){3}/i.exec(text)?.[0].toUpperCase();

/**
 * Judges an `npm audit --omit=dev --json` answer against the allowlist on `today` (YYYY-MM-DD):
 * each high or critical advisory must have an unexpired entry for its package. An allowlist entry
 * without a package, a reason or a valid expiry date is a problem too; one that matches nothing
 * is reported as a note, to be removed.
 */
export function judgeAudit(
  report: AuditReport,
  allowlist: readonly AllowlistEntry[],
  today: string,
): AuditOutcome {
  if (!report.vulnerabilities) {
    const why =
      report.error?.summary || report.error?.code || report.message || 'no vulnerabilities field';
    return { kind: 'unavailable', why: why.trim() };
  }
  const problems: string[] = [];
  const notes: string[] = [];
  for (const [i, entry] of allowlist.entries()) {
    const missing = (['advisory', 'package', 'reason', 'expires'] as const).filter(
      (key) => typeof entry[key] !== 'string' || entry[key].trim() === '',
    );
    if (missing.length > 0) problems.push(`allowlist entry ${i + 1} lacks ${missing.join(', ')}.`);
    else if (
      !/^\d{4}-\d{2}-\d{2}$/.test(entry.expires) ||
      Number.isNaN(Date.parse(entry.expires))
    ) {
      problems.push(
        `allowlist entry ${entry.advisory} has expires "${entry.expires}", not YYYY-MM-DD.`,
      );
    }
  }

  const advisories = new Map<string, AuditAdvisory>();
  for (const vulnerability of Object.values(report.vulnerabilities)) {
    for (const via of vulnerability.via ?? []) {
      if (typeof via === 'object' && BLOCKING.has(via.severity)) {
        advisories.set(`${via.name} ${via.url ?? via.source}`, via);
      }
    }
  }
  const used = new Set<AllowlistEntry>();
  for (const advisory of advisories.values()) {
    const id = ghsa(advisory.url ?? '') ?? String(advisory.source);
    const describe =
      `${advisory.severity} ${id} in ${advisory.name} ${advisory.range ?? ''}`.trim();
    const entry = allowlist.find(
      (e) => e.package === advisory.name && (ghsa(e.advisory ?? '') ?? e.advisory) === id,
    );
    if (!entry) {
      problems.push(
        `${describe}: ${advisory.title ?? ''} ${advisory.url ?? ''}`.trim() +
          ' (update the package, or add it to tools/audit-allowlist.json with a reason and an expiry date)',
      );
      continue;
    }
    used.add(entry);
    if (entry.expires < today) {
      problems.push(
        `${describe}: its allowlist entry expired on ${entry.expires} (${entry.reason})`,
      );
    } else {
      notes.push(`${describe}: allowed until ${entry.expires} (${entry.reason})`);
    }
  }
  for (const entry of allowlist) {
    if (!used.has(entry) && entry.advisory) {
      notes.push(
        `allowlist entry ${entry.advisory} (${entry.package}) matches no advisory now; remove it.`,
      );
    }
  }
  return { kind: 'checked', problems, notes };
}
