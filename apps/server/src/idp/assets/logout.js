/* global document */
// Submits the sign-out form of the built-in identity provider at once, so signing out needs no
// confirmation click. Served as a file because the pages' CSP allows no inline script.
document.addEventListener('DOMContentLoaded', () => {
  const form = document.getElementById('op.logoutForm')
  if (form) form.submit()
})
