import { beforeEach, describe, expect, it } from 'vitest';
import { toast, useToastStore } from './toast-store';

beforeEach(() => useToastStore.setState({ toasts: [] }));

describe('toasts', () => {
  it('stack one per message', () => {
    toast.info('a');
    toast.info('b');
    expect(useToastStore.getState().toasts.map((t) => t.message)).toEqual(['a', 'b']);
  });

  it('of one group are one toast whose message is the latest', () => {
    toast.info('first');
    toast.grouped('notifications', '1 more');
    toast.grouped('notifications', '2 more');
    const shown = useToastStore.getState().toasts;
    expect(shown.map((t) => t.message)).toEqual(['first', '2 more']);
    // Once dismissed, the group starts a new toast.
    useToastStore.getState().dismiss(shown[1]!.id);
    toast.grouped('notifications', '1 more');
    expect(useToastStore.getState().toasts.map((t) => t.message)).toEqual(['first', '1 more']);
  });
});
