// A child process of the capacity suite holding idle sockets (a process, not a thread: each process may hold at
// most `ulimit -n` descriptors, 20,000 on this machine, so tens of thousands of sockets need several).
// Messages in: { type: 'open', wsBase, tokens, localAddress } → opens one socket per token from that source
// address (the ephemeral ports of one address run out near 28,000) and answers { type: 'opened', ok, failed, ms };
// 'close' → closes them all and exits.
import WebSocket from 'ws';

const sockets = [];
let unexpectedCloses = 0;
let closing = false;

function open(url, localAddress) {
  return new Promise((resolve) => {
    // A server out of descriptors leaves the TCP connection in its backlog unanswered: without a timeout the
    // upgrade would wait forever (the suite hung at the descriptor limit).
    const ws = new WebSocket(url, { localAddress, handshakeTimeout: 10_000 });
    ws.once('open', () => {
      sockets.push(ws);
      resolve(true);
    });
    ws.once('error', () => resolve(false));
    ws.on('close', () => {
      if (!closing) unexpectedCloses++;
      resolve(false);
    });
  });
}

process.on('message', async (m) => {
  if (m.type === 'open') {
    const t0 = performance.now();
    let next = 0;
    let ok = 0;
    let failed = 0;
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (next < m.tokens.length) {
          const token = m.tokens[next++];
          if (await open(`${m.wsBase}/v1/ws?token=${encodeURIComponent(token)}`, m.localAddress)) ok++;
          else failed++;
        }
      }),
    );
    process.send({ type: 'opened', ok, failed, ms: performance.now() - t0, unexpectedCloses });
  } else if (m.type === 'count') {
    process.send({
      type: 'count',
      open: sockets.filter((s) => s.readyState === WebSocket.OPEN).length,
      unexpectedCloses,
    });
  } else if (m.type === 'close') {
    closing = true;
    for (const s of sockets) s.terminate();
    process.exit(0);
  }
});
process.send({ type: 'ready' });
