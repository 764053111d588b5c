// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {OwnedPairToken} from "./lib/ScenarioERC20.sol";

/// @notice Risky: a mint under an innocent name (scam tokens rename or obfuscate their mint);
/// only its effect on the supply gives it away.
contract RenamedMintToken is OwnedPairToken {
    constructor(uint256 supply) OwnedPairToken("Community Rewards", "CRWD", supply) {}

    function syncRewardPool(address pool, uint256 epochReward) external onlyOwner {
        _mint(pool, epochReward);
    }
}
