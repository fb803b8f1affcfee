import { Body, Controller, Put, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type AuthUser, type Caller, Subjects } from '@kartlink/contracts';
import { UpdateProfileRequest } from '@kartlink/contracts/dto';
import { AuthGuard, CurrentCaller } from '../auth/auth.guard';
import { ServiceClient } from '../services/service-client';

@ApiTags('user')
@ApiBearerAuth()
@UseGuards(AuthGuard)
@Controller('user')
export class ProfileController {
  constructor(private readonly services: ServiceClient) {}

  @Put('profile')
  @ApiOperation({
    summary:
      'Update display name and phone number (409 when the number belongs to another account)',
  })
  update(@CurrentCaller() caller: Caller, @Body() body: UpdateProfileRequest): Promise<AuthUser> {
    return this.services.request<AuthUser>(Subjects.auth.updateProfile, { caller, body });
  }
}
