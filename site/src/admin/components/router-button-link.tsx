import { Button, type ButtonProps } from 'antd';
import { useHref, useLinkClickHandler } from 'react-router-dom';

/** An antd button that is a real link to an admin route (works with the browser and the hash router). */
export function RouterButtonLink({ to, ...props }: Omit<ButtonProps, 'href' | 'onClick'> & { to: string }) {
  const href = useHref(to);
  const onClick = useLinkClickHandler<HTMLAnchorElement>(to);
  return <Button {...props} href={href} onClick={onClick as unknown as ButtonProps['onClick']} />;
}
