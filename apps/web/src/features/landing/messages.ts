/** The public pages' header and menu texts (docs/product/01-access.md §2): one spelling for the bar and the small-screen menu. */
export const GO_TO_DASHBOARD = 'Go to Dashboard'
export const SIGN_IN = 'Sign In'
export const SIGN_UP = 'Sign Up'
export const OPEN_MENU = 'Open menu'
export const MENU = { title: 'Menu', description: 'Sign in, or sign up your brewery.' }
