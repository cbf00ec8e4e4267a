/**
 * Wrapper of @docusaurus/theme-classic 3.1.1 `AnnouncementBar`.
 *
 * Why: the inline script of every page sets `data-announcement-bar-initially-dismissed="true"` on
 * <html> when local storage says the bar was dismissed, and theme CSS hides the bar while that
 * attribute is set. When the stored dismissal belongs to another announcement id (a new
 * announcement, or a garbage value in `docusaurus.announcement.id`), the theme resets the dismissal
 * and marks the bar active, but nothing clears the attribute, so the bar stays hidden until the
 * next page load. This wrapper clears it on mount when the stored id is not the current one (its
 * effect runs before the provider's, which then rewrites the stored id).
 *
 * Upgrade risk: low. It relies on the attribute and storage key names, which upstream still uses;
 * if upstream clears the attribute itself, this becomes a no-op.
 */
import React, { useEffect } from 'react';
import AnnouncementBar from '@theme-original/AnnouncementBar';
import { useThemeConfig } from '@docusaurus/theme-common';

const ATTRIBUTE = 'data-announcement-bar-initially-dismissed';
const ID_KEY = 'docusaurus.announcement.id';

function storedId(): string | null {
  try {
    return window.localStorage.getItem(ID_KEY);
  } catch {
    return null; // Storage unavailable: the theme treats it as empty too.
  }
}

export default function AnnouncementBarWrapper(): JSX.Element {
  const { announcementBar } = useThemeConfig();
  useEffect(() => {
    if (announcementBar && storedId() !== announcementBar.id) {
      document.documentElement.setAttribute(ATTRIBUTE, 'false');
    }
  }, [announcementBar]);
  return <AnnouncementBar />;
}
