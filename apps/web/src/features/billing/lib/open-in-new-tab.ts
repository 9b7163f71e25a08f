/**
 * Opens the provider's page in a new tab. The tab is opened at once, inside the click, because
 * popup blockers refuse a `window.open` that comes after an `await`; it is pointed at the page
 * when the server has answered, and closed again if it failed. With popups blocked entirely,
 * the current tab goes to the page instead.
 */
export async function openInNewTab(getUrl: () => Promise<string>): Promise<void> {
  const tab = window.open('', '_blank');
  if (tab) {
    // The provider's page must not reach back into ours (what 'noopener' would do).
    tab.opener = null;
    tab.document.title = 'Abrindo pagamento…';
    tab.document.body.textContent = 'Abrindo a página de pagamento…';
  }
  let url: string;
  try {
    url = await getUrl();
  } catch (error) {
    tab?.close();
    throw error;
  }
  if (tab && !tab.closed) tab.location.href = url;
  else window.location.assign(url);
}
