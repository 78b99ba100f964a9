/** English labels and messages. The spec's own messages are word for word (widget spec sections 4, 5). */
export const en = {
  sentSuccessfully: 'Sent successfully!',
  emailTypos: 'There are typos in the email',
  didYouMean: 'Did you mean {suggestion}?',
  nameLength: 'Please enter at least 2 or more characters',
  phoneDigits: 'Please enter 7 to 15 digits and avoid using letters or symbols',
  phoneInvalid: 'Please enter a valid phone number',
  phoneIsraeli: 'Please enter a valid Israeli phone number',
  formEmpty: 'Please fill in at least one field',
  close: 'Close',
  skip: 'Skip',
  previewBanner: 'Preview mode: this pop-up is shown to you only.',
  sendFailed: 'Sending failed: {reason}',
  // Tab teaser: its text when the pop-up sets none.
  tabTeaser: 'Special offer',
} as const;

export type MessageKey = keyof typeof en;
export type Catalogue = Record<MessageKey, string>;
