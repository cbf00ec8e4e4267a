/**
 * Wraps @docusaurus/theme-classic 3.1.1 AnnouncementBar.
 * Why: the spec says a dismissal resets when the announcement id changes. Upstream resets the
 * stored dismissal after hydration, but the inline head script has already set
 * `html[data-announcement-bar-initially-dismissed="true"]` from the old dismissal (it does not
 * compare ids), and the theme's CSS keeps hiding the bar for that whole page view: the new
 * announcement only appears on the next page load. Once the provider says the bar is active,
 * this wrapper sets the attribute back to "false" so the bar shows at once.
 * Upgrade risk: low; it relies on the attribute name, which upstream exports as a constant in
 * theme-classic's server code. If a later version fixes the inline script, delete this file.
 */
import React, { useEffect } from 'react';
import AnnouncementBar from '@theme-original/AnnouncementBar';
import type AnnouncementBarType from '@theme/AnnouncementBar';
import type { WrapperProps } from '@docusaurus/types';
import useIsBrowser from '@docusaurus/useIsBrowser';
import { useAnnouncementBar } from '@docusaurus/theme-common/internal';

type Props = WrapperProps<typeof AnnouncementBarType>;

const INITIALLY_DISMISSED = 'data-announcement-bar-initially-dismissed';

export default function AnnouncementBarWrapper(props: Props): JSX.Element {
  const { isActive } = useAnnouncementBar();
  // During hydration the provider reports the bar as active before it has read the storage;
  // wait for the client render, where `isActive` reflects the stored (or reset) dismissal.
  const isBrowser = useIsBrowser();
  useEffect(() => {
    if (isBrowser && isActive && document.documentElement.getAttribute(INITIALLY_DISMISSED) === 'true') {
      document.documentElement.setAttribute(INITIALLY_DISMISSED, 'false');
    }
  }, [isBrowser, isActive]);
  return <AnnouncementBar {...props} />;
}
