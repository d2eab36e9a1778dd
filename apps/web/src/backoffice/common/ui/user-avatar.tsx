import { getAvatarColor, getInitials, type User } from '@candid/domain';
import { Avatar, type AvatarProps } from '@mantine/core';

/**
 * A user's picture, or their initials (at most 3) on a colour that stays the same for the same
 * user. Decorative by default: the name is always written next to it.
 */
export function UserAvatar({
  user,
  size = 36,
  ...others
}: { user: Pick<User, '_id' | 'fName' | 'lName' | 'imgUrl'> } & Omit<AvatarProps, 'src'>) {
  const initials = getInitials(user.fName, user.lName);
  return (
    <Avatar
      src={user.imgUrl || null}
      size={size}
      radius="xl"
      alt=""
      aria-hidden
      styles={{
        placeholder: {
          background: getAvatarColor(user._id),
          color: '#fff',
          fontWeight: 700,
          fontSize: typeof size === 'number' ? Math.round(size * 0.38) : undefined,
        },
      }}
      {...others}
    >
      {initials}
    </Avatar>
  );
}
