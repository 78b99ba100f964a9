// The theme's global settings, as the theme prints them on every page (content-site spec 001,
// section 7): `avia_framework_globals.ajaxurl` names the site's ajax endpoint, on the site's own
// host, in the page's language. A file, not an inline script, so the demo's CSP needs no exception.
window.avia_framework_globals = { ajaxurl: new URL(document.currentScript.dataset.ajaxurl, location.href).href };
