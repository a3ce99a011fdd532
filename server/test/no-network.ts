import net from 'node:net';

/**
 * Tests never reach beyond this machine: a connection to anything but loopback fails the test
 * (STYLE: unplanned outbound HTTP fails the test).
 */
const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|::1|::ffff:127(\.\d{1,3}){3})$/i;
const originalConnect = net.Socket.prototype.connect;

function targetHost(args: unknown[]): string | undefined {
  const [first, second] = args;
  if (typeof first === 'object' && first !== null && !Array.isArray(first)) {
    const options = first as { host?: string; path?: string };
    if (options.path) return undefined; // Unix socket
    return options.host ?? 'localhost';
  }
  if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) {
    return typeof second === 'string' ? second : 'localhost';
  }
  return undefined; // a path: Unix socket
}

net.Socket.prototype.connect = function guardedConnect(this: net.Socket, ...args: unknown[]) {
  const host = targetHost(args);
  if (host !== undefined && !LOOPBACK.test(host)) {
    throw new Error(`Test tried to reach ${host}: tests may only connect to loopback addresses.`);
  }
  return (originalConnect as (...a: unknown[]) => net.Socket).apply(this, args);
} as typeof net.Socket.prototype.connect;
