/**
 * Wraps @docusaurus/theme-classic 3.1.1 DocItem/Content (the doc's title and body).
 * Why: puts the "Copy page" button (src/components/CopyPage) just before the title, on every doc
 * page, the home page included; its CSS floats it to the right of the title. The content itself
 * hydrates in a turn of its own on the first load (src/components/DeferHydration).
 * Upgrade risk: low; it renders the original content unchanged. If upstream moves the title out of
 * this component, the button stays above the body but may no longer sit beside the title.
 */
import React from 'react';
import { useDoc } from '@docusaurus/theme-common/internal';
import Content from '@theme-original/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type { WrapperProps } from '@docusaurus/types';
import CopyPage from '@site/src/components/CopyPage';
import DeferHydration from '@site/src/components/DeferHydration';

type Props = WrapperProps<typeof ContentType>;

export default function ContentWrapper(props: Props): JSX.Element {
  const { metadata } = useDoc();
  return (
    <>
      <CopyPage permalink={metadata.permalink} />
      <DeferHydration>
        <Content {...props} />
      </DeferHydration>
    </>
  );
}
