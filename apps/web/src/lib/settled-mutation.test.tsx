// @vitest-environment happy-dom
import { type QueryKey, QueryObserver } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { type Rendered, render, waitFor } from '../test/dom.tsx';
import { createQueryClient } from './query-client.ts';
import { type InvalidatedKeys, type SettledMutationOptions, useSettledMutation } from './settled-mutation.ts';

type Mutation = ReturnType<typeof useSettledMutation<string, string>>;

/** Renders a component holding the mutation; `current()` is its latest state. */
async function mount(
  keys: InvalidatedKeys,
  fn: (input: string) => Promise<string>,
  options?: SettledMutationOptions<string, string>,
) {
  const client = createQueryClient();
  let latest: Mutation | undefined;
  function Holder() {
    latest = useSettledMutation(keys, fn, options);
    return null;
  }
  const view = await render(<Holder />, client);
  return { client, view, current: () => latest! };
}

/** Seeds `keys` with data and reports which of them are invalidated. */
function watch(client: ReturnType<typeof createQueryClient>, keys: QueryKey[]) {
  for (const key of keys) client.setQueryData(key, 'loaded');
  return () => keys.filter((key) => client.getQueryState(key)?.isInvalidated).map((key) => key.join('/'));
}

describe('useSettledMutation', () => {
  let view: Rendered | undefined;
  afterEach(async () => {
    await view?.unmount();
    view = undefined;
  });

  it('reloads the queries under one key, and only those, after a success', async () => {
    const m = await mount(['crm', 'restrictions'], async (input) => input);
    view = m.view;
    const invalidated = watch(m.client, [['crm', 'restrictions', 'page'], ['crm', 'customer'], ['audit']]);
    await act(() => m.current().mutateAsync('x'));
    expect(invalidated()).toEqual(['crm/restrictions/page']);
  });

  it('reloads every one of several keys, after a refusal too', async () => {
    const m = await mount([['crm', 'restrictions'], ['audit']], async () => {
      throw new Error('refused');
    });
    view = m.view;
    const invalidated = watch(m.client, [['crm', 'restrictions'], ['audit', 'customer', '7'], ['inbox']]);
    await act(() =>
      m
        .current()
        .mutateAsync('x')
        .catch(() => {}),
    );
    expect(invalidated()).toEqual(['crm/restrictions', 'audit/customer/7']);
  });

  it("runs the caller's own handlers, and with awaitReload resolves only once the reload is done", async () => {
    const seen: string[] = [];
    let release = () => {};
    const m = await mount(['settings'], async (input) => input, {
      onSuccess: (result) => void seen.push(`success:${result}`),
      awaitReload: true,
    });
    view = m.view;
    // An active query whose refetch waits until released: the reload the mutation awaits.
    const refetched = new Promise<void>((resolve) => {
      release = resolve;
    });
    m.client.setQueryData(['settings'], 'loaded');
    const unsubscribe = new QueryObserver(m.client, {
      queryKey: ['settings'],
      queryFn: () => refetched.then(() => 'reloaded'),
      staleTime: Number.POSITIVE_INFINITY,
    }).subscribe(() => {});
    let resolved = false;
    const done = m
      .current()
      .mutateAsync('saved')
      .then(() => {
        resolved = true;
      });
    await waitFor(() => expect(seen).toEqual(['success:saved']));
    expect(resolved).toBe(false);
    release();
    await act(() => done);
    expect(resolved).toBe(true);
    expect(m.client.getQueryData(['settings'])).toBe('reloaded');
    unsubscribe();
  });
});
