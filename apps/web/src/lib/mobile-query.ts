/** Below this width the dashboard is a phone's: the sidebar is a sheet, the Agenda opens on the day. */
export const MOBILE_QUERY = '(max-width: 767px)';
