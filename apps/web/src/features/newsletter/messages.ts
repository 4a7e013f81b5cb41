/** The newsletter sign-up's texts a person reads (docs/product/01-access.md §2). */
export const THANK_YOU = 'Thank you! We will add you to our newsletter distribution!'
/** A failed sign-up says so instead of thanking (docs/decisions/013). */
export const SIGN_UP_FAILED = 'Something went wrong. Please try again.'
