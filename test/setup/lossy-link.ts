import { createConnection, createServer, type Socket } from 'node:net';

interface Flow {
  client: Socket;
  upstream: Socket;
}

/**
 * A TCP link to a server that can lose its connections the way a network does. dropAll() forgets every open
 * connection without telling the client: the server's side is closed (the server forgets it, as after a restart or
 * a failover) and the client's side is left open, to answer the client's next packet with a reset (ECONNRESET), as a
 * host that rebooted, or a NAT or firewall that expired the flow, would. New connections pass as before.
 */
export class LossyLink {
  private readonly flows = new Set<Flow>();
  private readonly dropped = new Set<Socket>();
  private readonly server = createServer((client) => this.pass(client));

  private constructor(private readonly targetPort: number) {}

  static async to(targetPort: number): Promise<LossyLink> {
    const link = new LossyLink(targetPort);
    await new Promise<void>((resolve) => link.server.listen(0, '127.0.0.1', resolve));
    return link;
  }

  get port(): number {
    const address = this.server.address();
    if (typeof address !== 'object' || !address) throw new Error('the link is not listening');
    return address.port;
  }

  /** Forgets every open connection: closed on the server's side, a reset for the client when it next sends. */
  dropAll(): void {
    for (const flow of this.flows) {
      const { client, upstream } = flow;
      this.flows.delete(flow);
      client.unpipe(upstream);
      upstream.unpipe(client);
      for (const s of [client, upstream]) s.removeAllListeners('close').removeAllListeners('error').on('error', () => undefined);
      upstream.destroy();
      this.dropped.add(client);
      client.once('data', () => client.resetAndDestroy()).resume();
    }
  }

  async close(): Promise<void> {
    for (const { client, upstream } of this.flows) {
      client.destroy();
      upstream.destroy();
    }
    for (const client of this.dropped) client.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private pass(client: Socket): void {
    const upstream = createConnection(this.targetPort, '127.0.0.1');
    const flow = { client, upstream };
    this.flows.add(flow);
    client.pipe(upstream);
    upstream.pipe(client);
    const close = () => {
      this.flows.delete(flow);
      client.destroy();
      upstream.destroy();
    };
    for (const s of [client, upstream]) s.on('error', close).on('close', close);
  }
}
