// The widget's one lazy module: its props reader and its component arrive in one request.
export { readNewsletterFormProps as readProps } from './schema';
export { default } from './NewsletterForm';
