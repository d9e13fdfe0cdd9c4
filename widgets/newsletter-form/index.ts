import type { WidgetDefinition } from '../../mount/types';
import type { NewsletterFormProps } from './schema';

/**
 * Mailchimp for WordPress sign-up forms: conditional fields and the lead event after a sign-up.
 * `visible`: such forms sit low on the page; the form posts itself (no held events).
 */
export default {
  name: 'newsletter-form',
  selector: 'form.mc4wp-form',
} satisfies WidgetDefinition<NewsletterFormProps>;
