/**
 * Wraps @docusaurus/theme-classic 3.1.1 DocTagDocListPage (the page of one tag).
 * Why: upstream gives tag pages no meta description, which search engines and Lighthouse's
 * SEO audit expect; this adds one naming the tag and how many pages carry it.
 * Upgrade risk: none; it only adds a head tag around the original page.
 */
import React from 'react';
import { PageMetadata } from '@docusaurus/theme-common';
import DocTagDocListPage from '@theme-original/DocTagDocListPage';
import type DocTagDocListPageType from '@theme/DocTagDocListPage';
import type { WrapperProps } from '@docusaurus/types';

type Props = WrapperProps<typeof DocTagDocListPageType>;

export default function DocTagDocListPageWrapper(props: Props): JSX.Element {
  const { tag } = props;
  const description = `The ${tag.count} page${tag.count === 1 ? '' : 's'} of the Strapi contributor docs tagged "${tag.label}".`;
  return (
    <>
      <PageMetadata description={description} />
      <DocTagDocListPage {...props} />
    </>
  );
}
