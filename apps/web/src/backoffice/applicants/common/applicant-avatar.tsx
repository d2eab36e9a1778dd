import { AVATAR_DEFAULT_SIZE, getAvatarColor, getInitials } from '@candid/domain';
import { Avatar, type AvatarProps } from '@mantine/core';

export interface ApplicantAvatarInfo {
  fName: string;
  lName: string;
  imgUrl: string | null;
}

/**
 * An applicant's face image, or their initials (at most 3) on one of the 18 avatar colours
 *. The colour is seeded by the name, not the id, so every screen that only has the
 * applicant's `info` (overview row, details header, cards) paints the same person the same way.
 * Decorative: the name is always written next to it.
 */
export function ApplicantAvatar({
  info,
  size = AVATAR_DEFAULT_SIZE,
  ...others
}: { info: ApplicantAvatarInfo; size?: number } & Omit<AvatarProps, 'src' | 'size'>) {
  const initials = getInitials(info.fName, info.lName);
  return (
    <Avatar
      src={info.imgUrl || null}
      size={size}
      radius="xl"
      alt=""
      aria-hidden
      styles={{
        placeholder: {
          background: getAvatarColor(`${info.fName} ${info.lName}`.trim().toLocaleLowerCase()),
          color: '#fff',
          fontWeight: 700,
          fontSize: Math.max(10, Math.round(size * 0.36)),
        },
      }}
      {...others}
    >
      {initials}
    </Avatar>
  );
}
