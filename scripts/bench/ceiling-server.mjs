// The reference ceiling: a bare Fastify on the same machine and Node, one route answering JSON
// of a requested size (GET, or POST after parsing a JSON body). What an endpoint of the real
// server costs beyond HTTP and serialization shows as its ratio to this.
import Fastify from 'fastify';

const port = Number(process.argv[2] ?? 3199);
const app = Fastify({ logger: false });
const bodies = new Map();

function bodyOf(bytes) {
  // {"filler":"…"} is 13 characters around the filler.
  if (!bodies.has(bytes))
    bodies.set(bytes, JSON.stringify({ filler: 'x'.repeat(Math.max(0, bytes - 13)) }));
  return bodies.get(bytes);
}

const answer = async (request, reply) =>
  reply.type('application/json; charset=utf-8').send(bodyOf(Number(request.query.bytes ?? 100)));
app.get('/ceiling', answer);
app.post('/ceiling', answer);

await app.listen({ port, host: '127.0.0.1' });
process.send?.('ready');
