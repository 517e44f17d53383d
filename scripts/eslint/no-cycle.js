import { ModuleInfo } from 'eslint-plugin-import-x/core/module-info';
import { moduleVisitor } from 'eslint-plugin-import-x/utils';

/**
 * `boundaries/no-cycle`: no import cycle, type-only imports included.
 *
 * eslint-plugin-import-x's `no-cycle` always skips `import type` (it has no option to count them): a cycle held
 * together by types alone passes it. Such a cycle still ties the modules' designs together (neither can move or be
 * split without the other) and turns into a runtime cycle the day one of its imports carries a value. This rule walks
 * the same module graph as `import-x/no-cycle` (import-x's own parsed and cached `ModuleInfo`, through the project's
 * resolver) but follows every import: value, type-only, re-export and dynamic. It replaces `import-x/no-cycle`.
 * Modules that `import-x/ignore` leaves out (node_modules) are not followed, like `ignoreExternal`.
 */
export const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid an import whose module has a dependency path back to the importer, types included.' },
    schema: [
      {
        type: 'object',
        properties: { maxDepth: { type: 'integer', minimum: 1 } },
        additionalProperties: false,
      },
    ],
    messages: {
      cycle: 'Dependency cycle (type-only imports count){{via}}: move the shared part down into a module both import.',
    },
  },
  create(context) {
    const filename = context.physicalFilename;
    if (filename === '<text>') return {};
    const maxDepth = context.options[0]?.maxDepth ?? Number.POSITIVE_INFINITY;
    /** Modules already walked from this file: whatever they reach has been checked once. */
    const traversed = new Set();
    const followed = (path) => !path.includes('/node_modules/') && !traversed.has(path);

    return {
      ...moduleVisitor((source, importer) => {
        const imported = ModuleInfo.get(source.value, context);
        if (imported == null || imported.path === filename || !followed(imported.path)) return;
        traversed.add(imported.path);
        const queue = [{ module: imported, route: [] }];
        while (queue.length > 0) {
          const { module, route } = queue.shift();
          for (const [path, { resolve, declarations }] of module.getImports()) {
            const [declaration] = declarations;
            if (declaration === undefined) continue;
            if (path === filename) {
              const via =
                route.length === 0 ? '' : ` via ${route.map((s) => `${s.value}:${s.loc.start.line}`).join('=>')}`;
              context.report({ node: importer, messageId: 'cycle', data: { via } });
              return;
            }
            if (!followed(path) || route.length + 1 >= maxDepth) continue;
            traversed.add(path);
            const next = resolve();
            if (next != null) queue.push({ module: next, route: [...route, declaration.source] });
          }
        }
      }),
      'Program:exit'() {
        traversed.clear();
      },
    };
  },
};

export default { rules: { 'no-cycle': noCycle } };
