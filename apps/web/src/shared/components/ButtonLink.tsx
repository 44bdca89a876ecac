import { Button, type ButtonProps } from 'antd';
import { useHref, useLinkClickHandler } from 'react-router-dom';

type ButtonLinkProps = Omit<ButtonProps, 'href'> & { to: string };

/**
 * An antd Button that is a real link (`<a href>`) and navigates inside the app without a reload. An
 * `onClick` runs first (a menu closing as it is left).
 */
export function ButtonLink({ to, onClick, ...buttonProps }: ButtonLinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLElement>(to);
  return (
    <Button
      {...buttonProps}
      href={href}
      onClick={(event) => {
        onClick?.(event);
        navigate(event);
      }}
    />
  );
}
