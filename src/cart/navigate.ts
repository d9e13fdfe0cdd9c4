/** Page navigation in one object, so widget tests can observe where a shopper would be sent. */
export const navigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
