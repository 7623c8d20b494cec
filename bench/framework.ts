/**
 * What Nest's own request machinery costs on this adapter, apart from anything the service does: four minimal
 * Nest + Express apps answering the same ~9 KB JSON body, side by side under autocannon (interleaved rounds, as in
 * bench/http.ts):
 *   plain        one route, no parameters, no guards, no pipes (the minimal app of the HTTP benchmark)
 *   guards       the same with five global guards that each answer `true` at once (as the service's do)
 *   body+pipe    the route takes `@Body()` and a global pipe returns it unchanged
 *   all          guards, body and pipe together: Nest's share of what the constant route pays
 * Run by `npm run bench -- --framework [--rounds=N] [--duration=S] [--write]`; each app runs in a child process
 * (`framework.ts --serve <variant>`), ETag off in all four (the service turns it off too).
 */
import { fork, type ChildProcess } from 'node:child_process';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Body, Controller, HttpCode, Injectable, Module, Post, type CanActivate, type PipeTransform } from '@nestjs/common';
import { APP_GUARD, NestFactory } from '@nestjs/core';
import { cannon, round, stop, TS_NODE, waitFor } from './http';

const FRAMEWORK_VARIANTS = ['plain', 'guards', 'body+pipe', 'all'] as const;
type Variant = (typeof FRAMEWORK_VARIANTS)[number];

export interface FrameworkBenchResult {
  rounds: number;
  durationS: number;
  bodyBytes: number;
  rows: { variant: Variant; reqPerSec: number; vsPlain: number; p99Ms: number; perRound: number[] }[];
}

/** An answer of the size and shape of a typical expand answer (ten results with their metadata). */
function typicalAnswer(): unknown {
  return {
    success: true,
    original_query: 'laptop keeps crashing after update',
    expansions: Array.from({ length: 10 }, (_, i) => ({
      expansion_id: `0193b1c2-7d4e-7c8a-9f10-${String(i).padStart(12, '0')}`,
      expanded_query: `(laptop OR notebook) keeps crashing after update ${i}`,
      expansion_type: i % 2 ? 'synonym' : 'semantic',
      confidence_score: 0.9 - i * 0.01,
      synonyms_used: [{ term: 'laptop', synonym: 'notebook', confidence: 0.9 - i * 0.01, source: 'thesaurus' }],
      metadata: {
        expanded_token: 'laptop',
        alternative: 'notebook',
        explanation: { source: 'thesaurus', source_score: 0.91, set_domain: 'it', member: 1, domain_match: 1, context_hit: 1, calibrated: 0.9 },
        position: i,
      },
    })),
    expansion_metadata: { total_expansions: 10, processing_time_ms: 0.4, strategies_applied: ['synonym', 'semantic', 'acronym_expansion'], cache_hit: false },
  };
}

const answer: { body: unknown } = { body: typicalAnswer() };

@Controller()
class PlainController {
  @Post()
  @HttpCode(200)
  constant(): unknown {
    return answer.body;
  }
}

@Controller()
class BodyController {
  @Post()
  @HttpCode(200)
  constant(@Body() _body: unknown): unknown {
    return answer.body;
  }
}

@Injectable()
class AllowGuard implements CanActivate {
  canActivate(): boolean {
    return true;
  }
}

class PassPipe implements PipeTransform {
  transform(value: unknown): unknown {
    return value;
  }
}

async function serve(variant: Variant): Promise<void> {
  const guards = variant === 'guards' || variant === 'all';
  const body = variant === 'body+pipe' || variant === 'all';
  // five distinct guard classes, as five APP_GUARD providers
  const providers = guards ? [1, 2, 3, 4, 5].map((n) => ({ provide: APP_GUARD, useClass: class extends AllowGuard { readonly n = n; } })) : [];
  @Module({ controllers: [body ? BodyController : PlainController], providers })
  class FrameworkModule {}
  const app = await NestFactory.create(FrameworkModule, { logger: false });
  if (body) app.useGlobalPipes(new PassPipe());
  (app.getHttpAdapter().getInstance() as { set(name: string, value: unknown): void }).set('etag', false);
  await app.listen(0, '127.0.0.1');
  const { port } = (app.getHttpServer() as Server).address() as AddressInfo;
  process.on('disconnect', () => void app.close().finally(() => process.exit(0)));
  process.send?.({ type: 'ready', url: `http://127.0.0.1:${port}` });
}

export async function runFrameworkBench(opts: { rounds: number; duration: number; log: (line: string) => void }): Promise<FrameworkBenchResult> {
  const children: ChildProcess[] = [];
  try {
    const urls = new Map<Variant, string>();
    for (const v of FRAMEWORK_VARIANTS) {
      const child = fork(__filename, ['--serve', v], { execArgv: TS_NODE, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      children.push(child);
      urls.set(v, (await waitFor<{ type: 'ready'; url: string }>(child, `the ${v} app`, 60_000)).url);
    }
    const request = JSON.stringify({ query: 'laptop keeps crashing after update', user_context: { user_id: 'u1', domain: 'it' } });
    const runs = new Map<Variant, { rps: number; p99: number }[]>(FRAMEWORK_VARIANTS.map((v) => [v, []]));
    for (let r = 0; r < opts.rounds; r++) {
      // alternate the order, so drift over the run weighs on every variant alike
      for (const v of r % 2 === 0 ? FRAMEWORK_VARIANTS : [...FRAMEWORK_VARIANTS].reverse()) {
        const target = { name: v, url: urls.get(v) ?? '', path: '/' };
        await cannon(target, ['unused'], [request], 50, 2);
        const out = await cannon(target, ['unused'], [request], 50, opts.duration);
        if (out.non2xx + out.errors + out.timeouts > 0) throw new Error(`${v}: ${out.non2xx} non-2xx, ${out.errors} errors, ${out.timeouts} timeouts`);
        runs.get(v)?.push({ rps: out.requests.total / out.duration, p99: out.latency.p99 });
        opts.log(`  round ${r + 1}, ${v}: ${Math.round(out.requests.total / out.duration)} req/s`);
      }
    }
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    const plain = mean((runs.get('plain') ?? []).map((x) => x.rps));
    return {
      rounds: opts.rounds,
      durationS: opts.duration,
      bodyBytes: Buffer.byteLength(JSON.stringify(answer.body)),
      rows: FRAMEWORK_VARIANTS.map((variant) => {
        const rs = runs.get(variant) ?? [];
        const rps = mean(rs.map((x) => x.rps));
        return { variant, reqPerSec: Math.round(rps), vsPlain: round(rps / plain), p99Ms: round(mean(rs.map((x) => x.p99)), 1), perRound: rs.map((x) => Math.round(x.rps)) };
      }),
    };
  } finally {
    await Promise.all(children.map((c) => {
      if (c.connected) c.disconnect();
      return stop(c);
    }));
  }
}

export function frameworkToMarkdown(r: FrameworkBenchResult): string {
  const what: Record<Variant, string> = {
    plain: 'one route, no parameters (the HTTP benchmark\'s minimal app, with ETag off as in the service)',
    guards: 'five global guards, each answering `true` at once',
    'body+pipe': '`@Body()` and a global pipe returning it unchanged',
    all: 'guards, body and pipe together: the Nest machinery the constant route goes through',
  };
  return [
    '| app | req/s | ÷ plain | p99 (ms) | per round (req/s) |',
    '|---|---:|---:|---:|---|',
    ...r.rows.map((x) => `| ${x.variant}: ${what[x.variant]} | ${x.reqPerSec} | ${x.vsPlain} | ${x.p99Ms} | ${x.perRound.join(', ')} |`),
  ].join('\n');
}

if (require.main === module && process.argv[2] === '--serve') {
  const v = process.argv[3] as Variant;
  if (!FRAMEWORK_VARIANTS.includes(v)) throw new Error(`unknown variant ${v}`);
  void serve(v);
}
