import { type MediaStorage } from '../../providers/media/media.js';
import { type Customer } from './customer.repository.js';

/** The `user` object (docs/product.md "Entities"), as every endpoint answers it. */
export interface UserDto {
  id: number;
  phone: string;
  name: string | null;
  surname: string | null;
  email: string | null;
  birth_date: string | null;
  gender: 'male' | 'female' | null;
  user_type: 'individual' | 'legal';
  photo_url: string | null;
  created_at: string;
}

export function toUserDto(customer: Customer, media: MediaStorage): UserDto {
  return {
    id: customer.id,
    phone: customer.phone ?? '',
    name: customer.name,
    surname: customer.surname,
    email: customer.email,
    birth_date: customer.birthDate,
    gender: customer.gender,
    user_type: customer.userType,
    photo_url: customer.photoKey ? media.url(customer.photoKey) : null,
    created_at: customer.createdAt.toISOString(),
  };
}
