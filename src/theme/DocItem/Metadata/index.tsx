/**
 * Wraps @docusaurus/theme-classic 3.1.1 DocItem/Metadata (the head tags of a doc page).
 * Why: each page points at its Markdown version (`/api/Cron.md`, written by
 * src/plugins/markdown-export) with `<link rel="alternate" type="text/markdown">`, so tools that
 * read the page can find the clean text.
 * Upgrade risk: none; it only adds a head tag next to the original metadata. `useDoc` is a
 * theme-common internal, already used by upstream's own component.
 */
import React from 'react';
import Head from '@docusaurus/Head';
import useBaseUrl from '@docusaurus/useBaseUrl';
import { useDoc } from '@docusaurus/theme-common/internal';
import Metadata from '@theme-original/DocItem/Metadata';
import type MetadataType from '@theme/DocItem/Metadata';
import type { WrapperProps } from '@docusaurus/types';
import { markdownPath } from '@site/src/plugins/markdown-export/paths';

type Props = WrapperProps<typeof MetadataType>;

export default function MetadataWrapper(props: Props): JSX.Element {
  const { metadata } = useDoc();
  const href = useBaseUrl(markdownPath(metadata.permalink));
  return (
    <>
      <Metadata {...props} />
      <Head>
        <link rel="alternate" type="text/markdown" href={href} />
      </Head>
    </>
  );
}
