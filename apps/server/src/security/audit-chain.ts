// Checks the audit log's hash chains (migration 0033, decision 035): each row's hash recomputed in
// SQL by the function that wrote it, each row linked to the one before it in its site's chain, and
// each chain's head (audit_chain) on its last row. Answers the first break, or the heads.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/query.ts';

export type ChainBreakReason = 'edited' | 'missing row' | 'out of order' | 'head mismatch';

export interface ChainHead {
  /** The site of the chain; null for rows of no site. */
  siteId: number | null;
  seq: number;
  hash: string;
}

export type ChainReport =
  | { ok: true; heads: ChainHead[]; message: string }
  | {
      ok: false;
      siteId: number | null;
      seq: number;
      /** The row named; null for a head whose chain has no row left. */
      id: number | null;
      reason: ChainBreakReason;
      message: string;
    };

const ZERO = sql.raw(`repeat('0', 64)`);

function chainFilter(column: SQL, siteId: number | undefined): SQL {
  return siteId === undefined ? sql`true` : sql`${column} = ${siteId}`;
}

/**
 * Every broken row of the chains (of one site's, given `siteId`): a gap in the numbers (a row
 * removed), a row not linked to the one before it (moved, when the row it names is elsewhere in
 * the chain), a hash that is not its row's (edited). One statement, so the invariants count it.
 */
export function auditRowBreaks(siteId?: number): SQL {
  return sql`
    select r.chain, r.seq, r.id,
      case
        when r.seq <> coalesce(r.prev_seq, 0) + 1 then 'missing row'
        when r.prev_hash <> coalesce(r.prev_row_hash, ${ZERO}) then
          case when exists (select 1 from audit_log o
                            where coalesce(o.site_id, 0) = r.chain and o.hash = r.prev_hash)
               then 'out of order' else 'edited' end
        else 'edited'
      end as reason
    from (
      select l.id, coalesce(l.site_id, 0) as chain, l.seq, l.prev_hash, l.hash,
        audit_row_hash(l) as computed,
        lag(l.seq) over w as prev_seq, lag(l.hash) over w as prev_row_hash
      from audit_log l
      where ${chainFilter(sql`coalesce(l.site_id, 0)`, siteId)}
      window w as (partition by coalesce(l.site_id, 0) order by l.seq)
    ) r
    where r.seq <> coalesce(r.prev_seq, 0) + 1
       or r.prev_hash <> coalesce(r.prev_row_hash, ${ZERO})
       or r.computed <> r.hash`;
}

/** Chains whose head is not their last row (or that have a head and no row, or rows and no head). */
export function auditHeadBreaks(siteId?: number): SQL {
  return sql`
    select coalesce(h.chain_id, t.chain) as chain, coalesce(h.seq, t.seq) as seq, t.id,
      'head mismatch' as reason
    from (select * from audit_chain where ${chainFilter(sql`chain_id`, siteId)}) h
    full join (
      select distinct on (coalesce(site_id, 0)) coalesce(site_id, 0) as chain, seq, hash, id
      from audit_log
      where ${chainFilter(sql`coalesce(site_id, 0)`, siteId)}
      order by coalesce(site_id, 0), seq desc
    ) t on t.chain = h.chain_id
    where (h.seq, h.hash) is distinct from (t.seq, t.hash)
      and not (t.chain is null and h.seq = 0)`;
}

interface BreakRow {
  chain: number;
  seq: number | string;
  id: number | string | null;
  reason: ChainBreakReason;
}

const siteOf = (chain: number) => (chain === 0 ? null : chain);

/** The audit chains checked (one site's, given `siteId`): ok with each head, or the first break. */
export async function verifyAuditChain(ex: Executor, siteId?: number): Promise<ChainReport> {
  const [broken] = await queryRows<BreakRow>(
    ex,
    sql`select * from (${auditRowBreaks(siteId)}) b order by b.chain, b.seq limit 1`,
  );
  const [head] = broken
    ? [broken]
    : await queryRows<BreakRow>(
        ex,
        sql`select * from (${auditHeadBreaks(siteId)}) b order by b.chain limit 1`,
      );
  if (head) {
    const at = {
      siteId: siteOf(head.chain),
      seq: Number(head.seq),
      id: head.id === null ? null : Number(head.id),
      reason: head.reason,
    };
    const row = at.id === null ? 'no row' : `row ${at.id}`;
    return {
      ok: false,
      ...at,
      message: `audit chain broken: site ${at.siteId ?? 'none'}, seq ${at.seq} (${row}): ${at.reason}`,
    };
  }
  const heads = (
    await queryRows<{ chain_id: number; seq: number | string; hash: string }>(
      ex,
      sql`select chain_id, seq, hash from audit_chain
          where ${chainFilter(sql`chain_id`, siteId)} order by chain_id`,
    )
  ).map((h) => ({ siteId: siteOf(h.chain_id), seq: Number(h.seq), hash: h.hash }));
  const lines = heads.map((h) => `site ${h.siteId ?? 'none'}: seq ${h.seq} head ${h.hash}`);
  return { ok: true, heads, message: ['audit chain ok', ...lines].join('\n') };
}
