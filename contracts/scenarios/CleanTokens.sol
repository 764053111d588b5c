// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Owned, ScenarioERC20} from "./lib/ScenarioERC20.sol";

/// @notice Clean: a plain ERC-20 whose holders may burn their own tokens; no owner, no powers.
contract PlainToken is ScenarioERC20 {
    constructor(uint256 supply) {
        _initToken("Plain Token", "PLAIN", supply, msg.sender);
    }

    function burn(uint256 value) external {
        require(balanceOf[msg.sender] >= value, "ERC20: burn amount exceeds balance");
        unchecked {
            balanceOf[msg.sender] -= value;
            totalSupply -= value;
        }
        emit Transfer(msg.sender, address(0), value);
    }
}

/// @notice Clean: an Ownable ERC-20 whose owner has renounced (a setup step); the owner never had
/// powers over balances, supply or transfers anyway.
contract RenouncedToken is Owned, ScenarioERC20 {
    constructor(uint256 supply) {
        _setOwner(msg.sender);
        _initToken("Renounced Token", "RNCD", supply, msg.sender);
    }
}

/// @notice Clean: a fixed supply of one billion tokens minted once at deployment.
contract FixedSupplyToken is ScenarioERC20 {
    constructor() {
        _initToken("Fixed Supply", "FIXED", 1_000_000_000 ether, msg.sender);
    }
}
