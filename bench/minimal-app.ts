/**
 * The framework ceiling for the HTTP benchmark: a minimal Nest app on the Express adapter (Nest's default JSON
 * body parser, no guards, pipes, interceptors or logging) with one route answering the constant body. Run as a
 * child of bench/http.ts: `minimal-app.ts --serve`; it receives the body over IPC and answers CPU readings.
 */
import 'reflect-metadata';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Controller, HttpCode, Module, Post } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { answerCpuReadings, answerProfileRequests } from './cpu';

const answer: { body: unknown } = { body: {} };

@Controller()
class MinimalController {
  @Post()
  @HttpCode(200)
  constant(): unknown {
    return answer.body;
  }
}

@Module({ controllers: [MinimalController] })
class MinimalModule {}

async function serve(body: string): Promise<void> {
  answer.body = JSON.parse(body) as unknown;
  const app = await NestFactory.create(MinimalModule, { logger: false });
  await app.listen(0, '127.0.0.1');
  const { port } = (app.getHttpServer() as Server).address() as AddressInfo;
  process.on('message', (m: { type?: string }) => {
    if (m?.type === 'close') void app.close().finally(() => process.exit(0));
  });
  process.on('disconnect', () => void app.close().finally(() => process.exit(0)));
  process.send?.({ type: 'ready', url: `http://127.0.0.1:${port}` });
}

if (require.main === module && process.argv.includes('--serve')) {
  answerCpuReadings();
  answerProfileRequests();
  process.once('message', (m: { type: string; body: string }) => {
    serve(m.body).catch((e: Error) => {
      process.send?.({ type: 'error', message: e.stack ?? e.message }, () => process.exit(1));
    });
  });
}
