// The benchmark's baseline: Koa with one handler answering [] and nothing
// else (no session, no logging, no database), in a process of its own.
import Koa from 'koa';

const app = new Koa();
app.use((ctx) => {
  ctx.body = [];
});
app.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1');
