/**
 * Ejected from @docusaurus/theme-classic 3.1.1 (theme/NavbarItem/DocsVersionDropdownNavbarItem).
 * Why: upstream renders a plain link instead of a dropdown when there is a single docs
 * version; the specification wants a version dropdown with its single entry ('Next').
 * A wrapper cannot change that branch, so the component is ejected. It is also remounted
 * once the client is ready, so the links carry the page's query and hash (React 18 keeps
 * the server's attributes on hydration). Our changes sit between "BEGIN change" and
 * "END change" comments.
 * Upgrade risk: low; re-eject on a Docusaurus upgrade and re-apply the marked change.
 */
import React from 'react';
import { useVersions, useActiveDocContext } from '@docusaurus/plugin-content-docs/client';
import { useDocsPreferredVersion } from '@docusaurus/theme-common';
import { useDocsVersionCandidates } from '@docusaurus/theme-common/internal';
import { translate } from '@docusaurus/Translate';
import { useLocation } from '@docusaurus/router';
import useIsBrowser from '@docusaurus/useIsBrowser';
import DropdownNavbarItem from '@theme/NavbarItem/DropdownNavbarItem';
import type { Props } from '@theme/NavbarItem/DocsVersionDropdownNavbarItem';
import type { GlobalVersion } from '@docusaurus/plugin-content-docs/client';

const getVersionMainDoc = (version: GlobalVersion) => version.docs.find((doc) => doc.id === version.mainDocId)!;

export default function DocsVersionDropdownNavbarItem({
  mobile,
  docsPluginId,
  dropdownActiveClassDisabled,
  dropdownItemsBefore,
  dropdownItemsAfter,
  ...props
}: Props): JSX.Element {
  const { search, hash } = useLocation();
  const activeDocContext = useActiveDocContext(docsPluginId);
  const versions = useVersions(docsPluginId);
  const { savePreferredVersionName } = useDocsPreferredVersion(docsPluginId);
  const versionLinks = versions.map((version) => {
    // We try to link to the same doc, in another version
    // When not possible, fallback to the "main doc" of the version
    const versionDoc = activeDocContext.alternateDocVersions[version.name] ?? getVersionMainDoc(version);
    return {
      label: version.label,
      // preserve ?search#hash suffix on version switches
      to: `${versionDoc.path}${search}${hash}`,
      isActive: () => version === activeDocContext.activeVersion,
      onClick: () => savePreferredVersionName(version.name),
    };
  });
  const items = [...dropdownItemsBefore, ...versionLinks, ...dropdownItemsAfter];

  const dropdownVersion = useDocsVersionCandidates(docsPluginId)[0];

  // BEGIN change: always a dropdown, even with one version.
  const dropdownLabel = mobile
    ? translate({
        id: 'theme.navbar.mobileVersionsDropdown.label',
        message: 'Versions',
        description: 'The label for the navbar versions dropdown on mobile view',
      })
    : dropdownVersion.label;
  const dropdownTo = mobile ? undefined : getVersionMainDoc(dropdownVersion).path;
  const isBrowser = useIsBrowser();
  // END change

  return (
    <DropdownNavbarItem
      // BEGIN change: remount after hydration so hrefs keep ?query#hash.
      key={isBrowser ? 'client' : 'server'}
      // END change
      {...props}
      mobile={mobile}
      label={dropdownLabel}
      to={dropdownTo}
      items={items}
      isActive={dropdownActiveClassDisabled ? () => false : undefined}
    />
  );
}
