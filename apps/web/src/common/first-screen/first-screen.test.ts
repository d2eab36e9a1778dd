import { afterEach, describe, expect, it } from 'vitest';
import { applyDeferredStyles, readInlinedData, releaseFirstScreen } from './first-screen';

/** index.html of an invitation link as the server writes it (apps/server/src/modules/jobs/invitation-page.ts). */
function writeInvitationPage() {
  document.head.innerHTML =
    '<link rel="preload" as="style" data-app-style crossorigin href="/assets/index-a1.css">';
  document.body.innerHTML =
    '<div id="first-screen"><h1>Product designer</h1></div>' +
    '<script type="application/json" id="candid-public-job">{"_id":"job-1","info":{"title":"Product designer"}}</script>' +
    '<div id="root"></div>';
}

describe('the server-drawn first screen', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });

  it('reads the job the server put into the page, and nothing on a page without one', () => {
    writeInvitationPage();
    expect(readInlinedData()).toEqual({ _id: 'job-1', info: { title: 'Product designer' } });
    document.body.innerHTML = '<div id="root"></div>';
    expect(readInlinedData()).toBeNull();
    document.body.innerHTML = '<script type="application/json" id="candid-public-job">{</script>';
    expect(readInlinedData()).toBeNull();
  });

  it('applies the preloaded app stylesheet and resolves once it has loaded', async () => {
    writeInvitationPage();
    let applied = false;
    const done = applyDeferredStyles().then(() => {
      applied = true;
    });
    const link = document.head.querySelector('link');
    expect(link?.rel).toBe('stylesheet');
    await Promise.resolve();
    expect(applied).toBe(false);
    link?.dispatchEvent(new Event('load'));
    await done;
    expect(applied).toBe(true);
  });

  it('has nothing to wait for on other pages', async () => {
    document.head.innerHTML = '<link rel="stylesheet" href="/assets/index-a1.css">';
    await expect(applyDeferredStyles()).resolves.toBeUndefined();
  });

  it('removes the static screen, leaving the app root', () => {
    writeInvitationPage();
    releaseFirstScreen();
    expect(document.getElementById('first-screen')).toBeNull();
    expect(document.getElementById('root')).not.toBeNull();
    releaseFirstScreen();
  });
});
