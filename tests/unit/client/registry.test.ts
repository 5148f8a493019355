import { describe, expect, it } from 'vitest';
import names from '../../../src/client/pages/names.json' with { type: 'json' };
import { registry } from '../../../src/client/pages/registry.ts';
import { SCREENS } from '../../../src/client/core/screens.ts';

describe('screen component registry', () => {
  it('lists exactly the registered component names in names.json', () => {
    expect(Object.keys(registry).sort()).toEqual([...names].sort());
  });

  it('has a component for every custom screen in screens.json', () => {
    const missing = SCREENS.filter((s) => s.kind === 'custom' && !(s.component && s.component in registry)).map((s) => s.id);
    expect(missing).toEqual([]);
  });
});
