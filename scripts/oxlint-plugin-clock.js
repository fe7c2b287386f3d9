// CLINIC-12: the product reads the wall clock in one place (api/clock.ts on the server, site/src/lib/clock.ts in
// the browser) and everything else takes "now" from deps.now or an argument, so tests can move it and the
// suite passes on any date (`npm run test:clock`). This oxlint plugin (`npm run lint`, .oxlintrc.json) refuses
// the ways around it in product code:
//   new Date()  Date()  Date.now()     the machine's clock
//   knex.fn.now() / trx.fn.now()       the database's clock, a second one (the outbox's leases, which every
//                                      process must share, use it in their SQL on purpose: outbox-worker.ts)
// Elapsed time is measured with performance.now(), which is allowed: no rule reads it as a date.
// Unit test: scripts/oxlint-plugin-clock.test.ts.

const WHY = 'take "now" from deps.now() or a `now` argument (CLINIC-12, api/clock.ts); time a duration with performance.now()';

const isDate = (node) => node?.type === 'Identifier' && node.name === 'Date';
const isMember = (node, property) =>
  node?.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier' && node.property.name === property;

export default {
  meta: { name: 'clock' },
  rules: {
    'no-wall-clock': {
      meta: { type: 'problem', docs: { description: 'Product code reads the time only through the movable clock' } },
      create(context) {
        return {
          NewExpression(node) {
            if (isDate(node.callee) && node.arguments.length === 0) context.report({ node, message: `new Date() reads the machine's clock: ${WHY}` });
          },
          CallExpression(node) {
            const { callee } = node;
            if (isDate(callee)) context.report({ node, message: `Date() reads the machine's clock: ${WHY}` });
            else if (isMember(callee, 'now') && isDate(callee.object)) context.report({ node, message: `Date.now() reads the machine's clock: ${WHY}` });
            else if (isMember(callee, 'now') && isMember(callee.object, 'fn')) {
              context.report({ node, message: `fn.now() writes the database's clock: ${WHY}` });
            }
          },
        };
      },
    },
  },
};
