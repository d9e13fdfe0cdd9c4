// Imported only by the lazy props readers; the mount layer recognises these errors by name,
// so this module never lands in the entry chunk.

/** Thrown by a widget's props reader when the server markup or settings do not validate. */
export class PropsError extends Error {
  constructor(
    /** The attribute, global or field that failed, e.g. `data-product_id` or `wc_add_to_cart_params.cart_url`. */
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'PropsError';
  }
}

/** Thrown by a props reader when the element simply is not this widget's business (no error is logged). */
export class SkipMount extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'SkipMount';
  }
}
