import { fireEvent } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSettingsCache } from '../../src/settings';
import { bootPage, returnFromPageCache, waitForMount } from '../helpers/page';
import { everythingInView } from '../helpers/in-view.ts';

const win = window as unknown as Record<string, unknown>;

/** A Mailchimp for WordPress form (form markup of mc4wp 4.x) with conditional fields. */
const FORM = `<form id="mc4wp-form-1" class="mc4wp-form mc4wp-form-42" method="post" data-id="42" data-name="Newsletter"><div class="mc4wp-form-fields">
<p><label for="mc4wp-email">Email address: </label><input id="mc4wp-email" type="email" name="EMAIL" required /></p>
<p><label>Your name <input type="text" name="NAME" /></label></p>
<p><label>Contact me by <select name="CHANNEL"><option value="">Email only</option><option value="sms">Text message</option></select></label></p>
<p data-show-if="CHANNEL:sms"><label for="mc4wp-phone">Mobile</label><input id="mc4wp-phone" type="tel" name="PHONE" required /></p>
<p data-hide-if="AGREE"><label><input type="checkbox" name="AGREE" value="yes" /> I agree</label></p>
<p data-hide-if="NAME"><label>Nickname <input type="text" name="NICK" required /></label></p>
<p><input type="submit" value="Sign up" /></p>
</div><input type="hidden" name="_mc4wp_timestamp" value="1700000000" /><input type="hidden" name="_mc4wp_form_id" value="42" /><input type="hidden" name="_mc4wp_form_element_id" value="mc4wp-form-1" /><div class="mc4wp-response"></div></form>`;

const phoneRow = () => document.querySelector<HTMLElement>('[data-show-if]')!;
const phone = () => document.querySelector<HTMLInputElement>('input[name="PHONE"]')!;
const nick = () => document.querySelector<HTMLInputElement>('input[name="NICK"]')!;

let calls: unknown[][];

describe('newsletter-form widget', () => {
  beforeEach(() => {
    calls = [];
    win.gtag = (...args: unknown[]) => calls.push(args);
    everythingInView();
    resetSettingsCache();
  });
  afterEach(() => {
    for (const name of ['gtag', 'mc4wp_submitted_form', 'consent_api', 'cnArgs']) delete win[name];
    resetSettingsCache();
  });

  it('a double submit posts the form once; a submit another script took over does not count', async () => {
    await bootPage(FORM);
    await waitForMount('newsletter-form');
    const form = document.querySelector<HTMLFormElement>('form.mc4wp-form')!;
    const posted: boolean[] = [];
    // Last in line, as the browser's own submission is: what it would do with each submit.
    const record = (event: Event) => posted.push(!event.defaultPrevented);
    const takeOver = (event: Event) => event.preventDefault();
    form.addEventListener('submit', takeOver, { once: true });
    fireEvent.submit(form);
    await Promise.resolve();
    window.addEventListener('submit', record);
    fireEvent.submit(form);
    fireEvent.submit(form);
    window.removeEventListener('submit', record);
    expect(posted).toEqual([true, false]);
    returnFromPageCache();
    window.addEventListener('submit', record);
    fireEvent.submit(form);
    window.removeEventListener('submit', record);
    expect(posted).toEqual([true, false, true]);
  });

  it('NWS-01 a show-if field is hidden with required suspended, then shown with required restored', async () => {
    await bootPage(FORM);
    await waitForMount('newsletter-form');
    expect(phoneRow().style.display).toBe('none');
    expect(phone().required).toBe(false);
    expect(phone().getAttribute('data-was-required')).toBe('true');
    // The form can be sent with the hidden field empty.
    expect(phone().checkValidity()).toBe(true);
    await userEvent.selectOptions(document.querySelector('select[name="CHANNEL"]')!, 'sms');
    expect(phoneRow().style.display).toBe('');
    expect(phone().required).toBe(true);
    expect(phone().hasAttribute('data-was-required')).toBe(false);
    await userEvent.selectOptions(document.querySelector('select[name="CHANNEL"]')!, '');
    expect(phoneRow().style.display).toBe('none');
    expect(phone().required).toBe(false);
  });

  it('NWS-01 hide-if: typed text (keyup) and a checked box hide their elements; unchecked boxes do not count', async () => {
    await bootPage(FORM);
    await waitForMount('newsletter-form');
    const agreeRow = document.querySelector<HTMLElement>('[data-hide-if="AGREE"]')!;
    expect(agreeRow.style.display).toBe('');
    expect(nick().required).toBe(true);
    await userEvent.type(document.querySelector('input[name="NAME"]')!, 'Jane');
    expect(nick().closest<HTMLElement>('p')!.style.display).toBe('none');
    expect(nick().required).toBe(false);
    await userEvent.clear(document.querySelector('input[name="NAME"]')!);
    expect(nick().required).toBe(true);
    await userEvent.click(document.querySelector('input[name="AGREE"]')!);
    expect(agreeRow.style.display).toBe('none');
  });

  it('NWS-01 a value set by script is picked up on mc4wp-refresh', async () => {
    await bootPage(FORM);
    await waitForMount('newsletter-form');
    document.querySelector<HTMLSelectElement>('select[name="CHANNEL"]')!.value = 'sms';
    fireEvent(document, new Event('mc4wp-refresh'));
    expect(phoneRow().style.display).toBe('');
  });

  it('NWS-02 NWS-03 NWS-04 after a sign-up: one submit_lead_form with category mailchimp and normalised user data', async () => {
    win.mc4wp_submitted_form = {
      id: 42,
      event: 'subscribed',
      data: { EMAIL: ' Jane.Doe@Gmail.com', NAME: 'Jane van Doe', CHANNEL: 'sms', PHONE: '+1 (555) 010-9999', _mc4wp_timestamp: '1' },
      element_id: 'mc4wp-form-1',
      auto_scroll: true,
    };
    await bootPage(FORM);
    await waitForMount('newsletter-form');
    const leads = calls.filter((c) => c[1] === 'submit_lead_form');
    expect(leads).toEqual([
      [
        'event',
        'submit_lead_form',
        {
          event_category: 'mailchimp',
          user_data: { email: 'janedoe@gmail.com', phone_number: '+15550109999', address: { first_name: 'Jane', last_name: 'van Doe' } },
        },
      ],
    ]);
  });

  it('NWS-04 nothing is sent after a failed sign-up, for another form, or before consent allows it', async () => {
    win.mc4wp_submitted_form = { event: 'error', data: { EMAIL: 'a@b.co' }, element_id: 'mc4wp-form-1', errors: ['invalid_email'] };
    await bootPage(FORM);
    await waitForMount('newsletter-form');
    win.mc4wp_submitted_form = { event: 'subscribed', data: { EMAIL: 'a@b.co' }, element_id: 'mc4wp-form-9' };
    resetSettingsCache();
    await bootPage(FORM);
    await waitForMount('newsletter-form');
    win.mc4wp_submitted_form = { event: 'subscribed', data: { EMAIL: 'a@b.co' }, element_id: 'mc4wp-form-1' };
    win.cnArgs = {}; // Cookie Notice on the page and no choice yet: opt-in, no consent.
    resetSettingsCache();
    await bootPage(FORM);
    await waitForMount('newsletter-form');
    expect(calls).toEqual([]);
    // The same page once the shopper has accepted: now it is measured, once.
    // biome-ignore lint/suspicious/noDocumentCookie: the cookie an earlier acceptance left.
    document.cookie = 'wp_consent_statistics=allow; path=/';
    resetSettingsCache();
    await bootPage(FORM);
    await waitForMount('newsletter-form');
    await bootPage(FORM);
    await waitForMount('newsletter-form');
    expect(calls.filter((c) => c[1] === 'submit_lead_form')).toHaveLength(1);
  });

  it('a malformed mc4wp_submitted_form is reported once and the form still works, with no event', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    win.mc4wp_submitted_form = { event: 42, element_id: ['mc4wp-form-1'], data: 'EMAIL=a@b.co' };
    await bootPage(FORM);
    await waitForMount('newsletter-form');
    expect(error.mock.calls.flat().join(' ')).toContain('window.mc4wp_submitted_form is invalid');
    expect(phoneRow().style.display).toBe('none');
    expect(calls).toEqual([]);
    error.mockRestore();
  });
});
