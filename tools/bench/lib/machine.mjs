// The machine a run measured on, printed at the top of the run and kept in results/latest.json: figures
// from different machines (or a busy one) are not comparable.
import os from 'node:os';
import { withDb } from './owners.mjs';

/** CPU model and count, memory, load average, kernel, Node and the PostgreSQL server's version. */
export async function describeMachine(databaseUrl) {
  const cpus = os.cpus();
  const postgres = await withDb(
    databaseUrl,
    async (db) => (await db.query('show server_version')).rows[0].server_version,
  );
  return {
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    cpus: cpus.length,
    memoryGiB: Number((os.totalmem() / 2 ** 30).toFixed(1)),
    loadavg: os.loadavg(),
    kernel: `${os.type()} ${os.release()}`,
    node: process.version,
    postgres,
  };
}

/** One line: "2 × AMD EPYC 7B13, 7.8 GiB, load 0.42 0.60 0.71, PostgreSQL 16.4, Node v22.11.0, Linux 6.1.0". */
export function machineLine(m) {
  return (
    `${m.cpus} × ${m.cpuModel}, ${m.memoryGiB} GiB, load average ${m.loadavg.map((x) => x.toFixed(2)).join(' ')}, ` +
    `PostgreSQL ${m.postgres}, Node ${m.node}, ${m.kernel}`
  );
}
