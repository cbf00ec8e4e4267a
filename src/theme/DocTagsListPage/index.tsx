/**
 * Wraps @docusaurus/theme-classic 3.1.1 DocTagsListPage (the /tags index).
 * Why: upstream gives the tags index no meta description; this adds one.
 * Upgrade risk: none; it only adds a head tag around the original page.
 */
import React from 'react';
import { PageMetadata } from '@docusaurus/theme-common';
import DocTagsListPage from '@theme-original/DocTagsListPage';
import type DocTagsListPageType from '@theme/DocTagsListPage';
import type { WrapperProps } from '@docusaurus/types';

type Props = WrapperProps<typeof DocTagsListPageType>;

export default function DocTagsListPageWrapper(props: Props): JSX.Element {
  const description = `All ${props.tags.length} tags of the Strapi contributor docs, each listing the pages that carry it.`;
  return (
    <>
      <PageMetadata description={description} />
      <DocTagsListPage {...props} />
    </>
  );
}
