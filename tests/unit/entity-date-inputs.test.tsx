// @vitest-environment jsdom
/**
 * The generated form's pickers of the date kinds (src/entities/inputs.tsx, DateInputs.tsx): a moment shows, and is
 * typed in as, the site's wall clock in the site's time zone — here New York, whatever the test machine's — and the
 * form keeps (and `save` sends) it as UTC; a day is the date picker's own YYYY-MM-DD.
 */
import { act } from 'react';
import { AdminContext, Form, testI18nProvider } from 'react-admin';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { field } from '../../contract/entity';
import { FieldInput } from '../../src/entities/inputs';

vi.mock('../../src/layout/session', () => ({
  useSessionQuery: () => ({ data: { site: { current: { timezone: 'America/New_York' } } } }),
}));

// React's act() outside a test renderer.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLElement;
let submitted: Record<string, unknown> | undefined;

const fields = {
  starts_on: field.date(),
  ends_at: field.dateTime({ editable: true, optional: true }),
};

const i18nProvider = testI18nProvider({
  messages: {
    resources: { coupon: { hints: { ends_at: 'Empty: never.' } } },
    content: { publish: { setting: { zone: ({ zone }: { zone: string }) => `In ${zone}.` } } },
  },
});

/** Types `value` into the input as a person would (React reads the native setter's value). */
function type(input: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

async function mount(record: Record<string, unknown>) {
  const save = (values: Record<string, unknown>) => {
    submitted = values;
  };
  await act(async () => {
    root.render(
      <AdminContext i18nProvider={i18nProvider}>
        <Form record={record} onSubmit={save}>
          {Object.entries(fields).map(([name, f]) => (
            <FieldInput key={name} resource="coupon" name={name} field={f} source={name} fields={fields} />
          ))}
          <button type="submit">save</button>
        </Form>
      </AdminContext>,
    );
  });
  // The pickers load on first use (lazy), then render.
  await vi.waitFor(() => expect(host.querySelector('input[type="datetime-local"]')).not.toBeNull());
}

const picker = (type: string) =>
  host.querySelector<HTMLInputElement>(`input[type="${type}"]`) as HTMLInputElement;

async function submit() {
  await act(async () => {
    host.querySelector('button')?.click();
  });
  await vi.waitFor(() => expect(submitted).toBeDefined());
  return submitted;
}

beforeEach(() => {
  submitted = undefined;
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});

afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

describe('the date kinds’ pickers', () => {
  it('show a moment on the site’s clock and name the zone; a day as it is', async () => {
    await mount({ id: 1, starts_on: '2026-03-01', ends_at: '2026-03-01T01:30:00.000Z' });
    expect(picker('datetime-local').value).toBe('2026-02-28T20:30');
    expect(picker('date').value).toBe('2026-03-01');
    expect(host.textContent).toContain('Empty: never. In America/New_York.');
  });

  it('keep what is typed on the site’s clock as the moment it is', async () => {
    await mount({ id: 1, starts_on: '2026-03-01', ends_at: null });
    await act(async () => {
      type(picker('datetime-local'), '2026-07-01T09:30');
      type(picker('date'), '2026-06-30');
    });
    expect(await submit()).toMatchObject({ starts_on: '2026-06-30', ends_at: '2026-07-01T13:30:00.000Z' });
  });
});
