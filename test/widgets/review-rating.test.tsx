import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSettingsCache } from '../../src/settings';
import { mustBlockSubmit, nextRating, parseRating } from '../../widgets/review-rating/logic';
import { bootPage, waitForMount } from '../helpers/page';

// The genuine review form (test/fixtures/captures/product-reviews.html).
const reviewForm = `
  <div id="review_form"><div id="respond" class="comment-respond">
    <form action="/wp-comments-post.php" method="post" id="commentform" class="comment-form">
      <div class="comment-form-rating"><label for="rating" id="comment-form-rating-label">Your rating&nbsp;<span class="required">*</span></label><select name="rating" id="rating" required>
        <option value="">Rate&hellip;</option>
        <option value="5">Perfect</option><option value="4">Good</option><option value="3">Average</option><option value="2">Not that bad</option><option value="1">Very poor</option>
      </select></div>
      <p class="comment-form-comment"><label for="comment">Your review</label><textarea id="comment" name="comment" cols="45" rows="8"></textarea></p>
      <p class="form-submit"><input name="submit" type="submit" id="submit" class="submit" value="Submit" /></p>
    </form>
  </div></div>`;

const params = (overrides: Record<string, unknown> = {}) => ({
  i18n_required_rating_text: 'Please select a rating',
  i18n_rating_options: ['1 of 5 stars', '2 of 5 stars', '3 of 5 stars', '4 of 5 stars', '5 of 5 stars'],
  i18n_product_gallery_trigger_text: 'View full-screen image gallery',
  review_rating_required: 'yes',
  ...overrides,
});

const select = () => document.querySelector<HTMLSelectElement>('select#rating')!;
const star = (n: number) => document.querySelector<HTMLAnchorElement>(`p.stars a.star-${n}`)!;

async function boot(settings: Record<string, unknown> | undefined = params()) {
  (window as unknown as Record<string, unknown>).wc_single_product_params = settings;
  resetSettingsCache();
  await bootPage(reviewForm);
  await waitForMount('review-rating');
  await waitFor(() => expect(document.querySelector('p.stars')).not.toBeNull());
}

let submitted: ReturnType<typeof vi.fn<(event: Event) => void>>;
beforeEach(() => {
  submitted = vi.fn<(event: Event) => void>((event) => event.preventDefault());
  document.addEventListener('submit', submitted);
});
afterEach(() => {
  document.removeEventListener('submit', submitted);
  delete (window as unknown as Record<string, unknown>).wc_single_product_params;
  resetSettingsCache();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('review-rating widget', () => {
  it('REV-01 shows five named stars in a radio group and hides the select', async () => {
    await boot();
    const group = document.querySelector('[role="radiogroup"]')!;
    expect(group.getAttribute('aria-labelledby')).toBe('comment-form-rating-label');
    const radios = Array.from(group.querySelectorAll('[role="radio"]'));
    expect(radios.map((r) => r.textContent)).toEqual(['1 of 5 stars', '2 of 5 stars', '3 of 5 stars', '4 of 5 stars', '5 of 5 stars']);
    expect(select().hidden).toBe(true);
  });

  it('REV-01 on WooCommerce before 9.7 (no label id, no i18n_rating_options) the group is still named and the stars take the translated text', async () => {
    // A translation of Vitrine's own text, as the WordPress plugin prints it (includes/strings.php).
    (window as unknown as Record<string, unknown>).vitrine_strings = { ratingStars: '{n} étoiles sur 5' };
    resetSettingsCache();
    (window as unknown as Record<string, unknown>).wc_single_product_params = params({ i18n_rating_options: undefined });
    await bootPage(reviewForm.replace(' id="comment-form-rating-label"', ''));
    await waitForMount('review-rating');
    const group = await waitFor(() => document.querySelector('[role="radiogroup"]')!);
    const label = document.querySelector('label[for="rating"]')!;
    expect(group.getAttribute('aria-labelledby')).toBe(label.id);
    expect(label.id).not.toBe('');
    expect(Array.from(group.querySelectorAll('[role="radio"]'), (r) => r.textContent)).toEqual(['1 étoiles sur 5', '2 étoiles sur 5', '3 étoiles sur 5', '4 étoiles sur 5', '5 étoiles sur 5']);
    delete (window as unknown as Record<string, unknown>).vitrine_strings;
    resetSettingsCache();
  });

  it('REV-01 a click checks the star and sets the select the form posts', async () => {
    await boot();
    const change = vi.fn();
    select().addEventListener('change', change);
    await userEvent.click(star(4));
    await waitFor(() => expect(star(4).getAttribute('aria-checked')).toBe('true'));
    expect(select().value).toBe('4');
    expect(change).toHaveBeenCalledOnce();
    expect(star(4).classList.contains('active')).toBe(true);
    expect(document.querySelector('p.stars')!.classList.contains('selected')).toBe(true);
    expect(new FormData(document.querySelector('form')!).get('rating')).toBe('4');
  });

  it('REV-01 arrows select with a roving tabindex (wrapping at the ends)', async () => {
    await boot();
    expect(star(1).tabIndex).toBe(0);
    star(1).focus();
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(select().value).toBe('1'));
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await waitFor(() => expect(select().value).toBe('3'));
    expect(document.activeElement).toBe(star(3));
    expect(star(3).tabIndex).toBe(0);
    expect(star(1).tabIndex).toBe(-1);
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    await waitFor(() => expect(select().value).toBe('5'));
  });

  it('REV-01 Down goes to the next (higher) star and Up to the previous, as in a radio group and in WooCommerce', async () => {
    await boot();
    star(3).click();
    await waitFor(() => expect(document.activeElement).toBe(star(3)));
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(select().value).toBe('4'));
    expect(document.activeElement).toBe(star(4));
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    await waitFor(() => expect(select().value).toBe('2'));
    expect(document.activeElement).toBe(star(2));
  });

  it('REV-02 submitting with no rating alerts the required-rating text and does not submit', async () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    await boot();
    await userEvent.click(document.querySelector<HTMLInputElement>('#submit')!);
    expect(alert).toHaveBeenCalledWith('Please select a rating');
    expect(submitted).not.toHaveBeenCalled();
  });

  it('REV-02 with a rating chosen the form submits without an alert', async () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    await boot();
    await userEvent.click(star(5));
    await waitFor(() => expect(select().value).toBe('5'));
    await userEvent.click(document.querySelector<HTMLInputElement>('#submit')!);
    expect(alert).not.toHaveBeenCalled();
    expect(submitted).toHaveBeenCalledOnce();
  });

  it('REV-02 ratings not required: no alert, the form submits', async () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    await boot(params({ review_rating_required: 'no' }));
    document.querySelector('select#rating')!.removeAttribute('required');
    await userEvent.click(document.querySelector<HTMLInputElement>('#submit')!);
    expect(alert).not.toHaveBeenCalled();
    expect(submitted).toHaveBeenCalledOnce();
  });

  it('invalid settings are reported once and fall back to WooCommerce defaults (still required)', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    await boot({ review_rating_required: 'maybe', i18n_rating_options: 'five' });
    expect(error).toHaveBeenCalledOnce();
    expect(String(error.mock.calls[0]![0])).toContain('wc_single_product_params');
    await userEvent.click(document.querySelector<HTMLInputElement>('#submit')!);
    expect(alert).toHaveBeenCalledWith('Please select a rating');
  });
});

describe('review rating rules', () => {
  it('REV-01 only 1 to 5 is a rating', () => {
    expect(['1', '5', ' 3 '].map(parseRating)).toEqual([1, 5, 3]);
    expect(['', '0', '6', '2.5', 'x'].map(parseRating)).toEqual([null, null, null, null, null]);
  });

  it('REV-02 blocks exactly when required and the value is not a rating 1 to 5', () => {
    for (const value of ['', ' ', '0', '6', 'x', '2.5']) {
      expect(mustBlockSubmit(value, true), `required, "${value}"`).toBe(true);
      expect(mustBlockSubmit(value, false), `optional, "${value}"`).toBe(false);
    }
    for (const value of ['1', '2', '3', '4', '5', ' 4 ']) {
      expect(mustBlockSubmit(value, true), `required, "${value}"`).toBe(false);
      expect(mustBlockSubmit(value, false), `optional, "${value}"`).toBe(false);
    }
  });

  it('REV-01 arrow keys move to the next or previous star and wrap; Home and End go to 1 and 5', () => {
    // Every key from every position (nothing chosen, then stars 1 to 5), as a shopper expects of a radio group.
    const from = [null, 1, 2, 3, 4, 5];
    const table: Record<string, number[]> = {
      ArrowRight: [1, 2, 3, 4, 5, 1],
      ArrowDown: [1, 2, 3, 4, 5, 1],
      ArrowLeft: [5, 5, 1, 2, 3, 4],
      ArrowUp: [5, 5, 1, 2, 3, 4],
      Home: [1, 1, 1, 1, 1, 1],
      End: [5, 5, 5, 5, 5, 5],
    };
    for (const [key, next] of Object.entries(table)) expect(from.map((current) => nextRating(key, current)), key).toEqual(next);
    expect(nextRating('Enter', 3)).toBeNull();
    expect(nextRating('a', null)).toBeNull();
  });
});
