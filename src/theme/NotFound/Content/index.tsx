/**
 * Wraps @docusaurus/theme-classic 3.1.1 NotFound/Content.
 * Why: the docs are served from the site root, so every unknown path is caught by the docs
 * plugin's DocRoot, which renders NotFound/Content without the page metadata of the full
 * NotFound page: the tab showed only the site title. This wrapper adds the
 * 'Page Not Found' title (and noindex) wherever the not-found content renders.
 * Upgrade risk: none; it only adds metadata around the original component.
 */
import React from 'react';
import { translate } from '@docusaurus/Translate';
import { PageMetadata } from '@docusaurus/theme-common';
import Head from '@docusaurus/Head';
import Content from '@theme-original/NotFound/Content';
import type ContentType from '@theme/NotFound/Content';
import type { WrapperProps } from '@docusaurus/types';

type Props = WrapperProps<typeof ContentType>;

export default function NotFoundContentWrapper(props: Props): JSX.Element {
  const title = translate({ id: 'theme.NotFound.title', message: 'Page Not Found' });
  return (
    <>
      <PageMetadata title={title} />
      <Head>
        <meta name="robots" content="noindex" />
      </Head>
      <Content {...props} />
    </>
  );
}
