import { startServer } from './app.ts';

// `npm start`: the demo on a fixed port for people (tests use startServer({port: 0}) instead).

const port = Number(process.env.PORT ?? 5173);
const server = await startServer({ port, host: '127.0.0.1', verbose: process.env.VITRINE_VERBOSE === '1' });
console.log(`Vitrine demo: ${server.url}`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.close().then(() => process.exit(0));
  });
}
